# docs/cli.md documents every subcommand and flag the program has
# (regenerate with `tools/gen-cli-docs build/sandtable > docs/cli.md`).
source "$(dirname "$0")/lib.bash" "$1"
tools/gen-cli-docs "$SANDTABLE" > "$TMP/cli.md"
if diff -u docs/cli.md "$TMP/cli.md"; then pass "the CLI reference matches the program"
else fail "docs/cli.md is out of date"; fi
finish
