#!/usr/bin/env bats
# tests/long/options.bats -- the harness options' one table, every script's
# parser against every flag of it (~3 min: a script started per pair; `make
# test` tries a seventh of the pairs, tests/harness/options.bats).

load ../harness/helpers
load ../harness/opttable

@test "each script's parser takes exactly its rows' flags: another harness flag is an unknown option" {
    local s f all
    all=$(rows | cut -d'|' -f1 | sort -u)
    for s in $SCRIPTS; do
        for f in $all; do
            parser_takes_its_rows "$s" "$f"
        done
    done
}
