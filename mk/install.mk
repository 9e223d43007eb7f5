# mk/install.mk -- `make install` and `make uninstall`.
#
#   make install [PREFIX=/usr/local] [DESTDIR=]
#       $(PREFIX)/bin: the programs (PROGRAMS) and `coldload` (harness/coldload.sh)
#       $(PREFIX)/share/coldload: harness/, plots/, and build/ -- relative
#       links to the programs in bin/ plus buildinfo.txt
#   make uninstall [PREFIX=/usr/local] [DESTDIR=]
#
# Why build/ in share/coldload: the harnesses find the binaries in
# <their tree>/build (COLDLOAD_BUILD overrides), as in a checkout, so an
# installed tree is laid out like one. The links are relative, so a DESTDIR
# staging tree or a moved PREFIX still runs. buildinfo.txt holds what the
# harness would otherwise ask the compiler, make and git for (meta.txt's
# compiler, build_flags, git_rev), as the container image's does.

PREFIX  ?= /usr/local
DESTDIR ?=
INSTALL ?= install
BINDIR   = $(PREFIX)/bin
DATADIR  = $(PREFIX)/share/coldload

install: all
	$(INSTALL) -d '$(DESTDIR)$(BINDIR)' '$(DESTDIR)$(DATADIR)/build'
	$(INSTALL) -m 755 $(PROGRAMS) '$(DESTDIR)$(BINDIR)/'
	$(INSTALL) -m 755 harness/coldload.sh '$(DESTDIR)$(BINDIR)/coldload'
	@set -e; for f in $$(find harness plots -type f | sort); do \
	  m=644; [ -x "$$f" ] && m=755; \
	  echo "$(INSTALL) -D -m $$m $$f '$(DESTDIR)$(DATADIR)/$$f'"; \
	  $(INSTALL) -D -m $$m "$$f" '$(DESTDIR)$(DATADIR)/'"$$f"; \
	done
	cd '$(DESTDIR)$(DATADIR)/build' && for p in $(notdir $(PROGRAMS)); do \
	  ln -sfr '$(DESTDIR)$(BINDIR)'/$$p $$p; done
	{ echo "compiler=$$($(CC) --version | head -n 1)"; \
	  echo 'build_flags=$(BUILD_FLAGS)'; \
	  echo "git_rev=$$(git rev-parse HEAD 2>/dev/null || echo unknown)"; \
	  echo "git_describe=$$(git describe --always --dirty 2>/dev/null || echo unknown)"; \
	} >'$(DESTDIR)$(DATADIR)/build/buildinfo.txt'

uninstall:
	rm -f $(foreach p,$(notdir $(PROGRAMS)) coldload,'$(DESTDIR)$(BINDIR)/$(p)')
	rm -rf '$(DESTDIR)$(DATADIR)'

.PHONY: install uninstall
