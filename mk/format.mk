# mk/format.mk -- the C format check: clang-format with the committed
# .clang-format, on every C source and header of src/ and tests/.
#
#   make format         rewrite the files in place
#   make format-check   list the files (and how many of their lines) that
#                       clang-format would change; fails when there are any

CLANG_FORMAT ?= clang-format
FORMAT_SRC    = $(sort $(wildcard src/*/*.[ch] tests/*/*.[ch]))

format:
	@bash tests/deps.sh format
	$(CLANG_FORMAT) -i $(FORMAT_SRC)

# One line per file that would change, then the total; exit 1 if any. One
# clang-format over every file first (--dry-run: a second or two); the count
# per file (a clang-format and a diff each) only when that found a change.
format-check:
	@bash tests/deps.sh format
	@if ! $(CLANG_FORMAT) --dry-run --Werror $(FORMAT_SRC) >/dev/null 2>&1; then \
	n=0 files=0; for f in $(FORMAT_SRC); do \
	  c=$$($(CLANG_FORMAT) "$$f" | diff "$$f" - | grep -c '^<'); \
	  if [ "$$c" -gt 0 ]; then echo "$$f: $$c lines"; n=$$((n + c)); files=$$((files + 1)); fi; \
	done; \
	if [ "$$files" -gt 0 ]; then echo "format-check: clang-format would change $$n lines in $$files files (make format)"; exit 1; fi; \
	fi
