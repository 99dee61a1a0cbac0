# Exit codes (docs/cli.md, "Exit codes"): 0 success, 1 the user's input is
# wrong, 2 a usage error; an unknown subcommand is named with the list of
# subcommands; flag values out of range are refused, not ignored.
source "$(dirname "$0")/lib.bash" "$1"

expect_exit 2 "an unknown subcommand is a usage error" -- "$SANDTABLE" fight
expect_output "unknown subcommand 'fight'; the subcommands are: run, test, battle, check, odds, sim, quality, api, replay" "it is named and the subcommands listed"
expect_exit 2 "... also after global options" -- "$SANDTABLE" --lua-path . fight
expect_output "unknown subcommand 'fight'" "the global option's value is not taken for the subcommand"
expect_exit 2 "no subcommand at all" -- "$SANDTABLE"
expect_exit 2 "an unknown flag" -- "$SANDTABLE" battle --sed 3
expect_exit 2 "a flag value of the wrong type" -- "$SANDTABLE" battle --seed three
expect_exit 2 "--turns 0 is refused" -- "$SANDTABLE" battle --turns 0
expect_output "--turns" "the message names the flag"
expect_exit 2 "--turns -3 is refused" -- "$SANDTABLE" battle --turns -3
expect_exit 0 "--help exits 0" -- "$SANDTABLE" --help
expect_exit 0 "--version exits 0" -- "$SANDTABLE" --version
expect_exit 1 "a missing house rule file is bad input" -- "$SANDTABLE" battle --house-rule no_such.lua
expect_output "no_such.lua: no such file" "it is named"
expect_exit 1 "a missing scenario file is bad input" -- "$SANDTABLE" battle no_such.yaml
expect_output "no_such.yaml: no such file" "it is named"
printf 'ruleset: phalanx\nturnz: 3\narmies:\n  - army: phalanx/gallic\n  - army: phalanx/gallic\n' > "$TMP/typo.yaml"
expect_exit 1 "a scenario with a mistake is bad input" -- "$SANDTABLE" battle "$TMP/typo.yaml"
finish
