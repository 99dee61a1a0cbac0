# An installed copy: `cmake --install` into a fresh prefix, then run from an
# unrelated folder, it finds its own data in PREFIX/share/sandtable (not the
# source tree it was built from), and SANDTABLE_HOME overrides that.
source "$(dirname "$0")/lib.bash" "$1"
BUILD=$(cd "$(dirname "$SANDTABLE")" && pwd)
P="$TMP/prefix"
if cmake --install "$BUILD" --prefix "$P" > "$TMP/install.log" 2>&1; then pass "cmake --install into a fresh prefix"
else fail "cmake --install failed"; cat "$TMP/install.log"; finish; fi
for f in bin/sandtable share/sandtable/scripts/lib/ruleset.lua share/sandtable/rulesets/phalanx/init.lua \
         share/sandtable/armies/phalanx/gallic.lua share/sandtable/scenarios/phalanx/default.yaml \
         share/doc/sandtable/getting-started.md share/doc/sandtable/cli.md share/man/man1/sandtable.1 \
         share/bash-completion/completions/sandtable; do
  [ -f "$P/$f" ] && pass "installed $f" || fail "missing $P/$f"
done

# The installed data is the one used: mark the installed Gallic list.
sed -i 's/name = "Gallic"/name = "Installed Gallic"/' "$P/share/sandtable/armies/phalanx/gallic.lua"
mkdir -p "$TMP/unrelated" && cd "$TMP/unrelated"
S="$P/bin/sandtable"
expect_exit 0 "the installed program fights the default battle from an unrelated folder" -- "$S" battle --quiet
expect_output "Installed Gallic" "... with the installed armies, not the source tree's"
expect_exit 0 "a shipped scenario by its path in the data directory" -- "$S" battle scenarios/phalanx/gaugamela.yaml --quiet --turns 2
expect_exit 0 "check a shipped army list" -- "$S" check armies/phalanx/gallic.lua
expect_exit 0 "exact odds" -- "$S" odds phalanx melee "HIS IV RA overlaps=2" "HIN III RA"
expect_exit 0 "a ruleset's tests" -- "$S" test rulesets/phalanx/tests/melee_test.lua
expect_exit 0 "a small experiment with a shipped house rule" -- "$S" sim scenarios/phalanx/default.yaml --trials 4 --quiet --variant general=scripts/house_rules/phalanx_general_inspires.lua
expect_output "Installed Gallic wins" "... with the installed data"
expect_exit 0 "a shipped campaign by its path in the data directory" -- "$S" campaign campaigns/wrg/claudian_invasion.yaml --seed 2
expect_output "RESULT after" "... fought to its result"
cp "$P/share/sandtable/scenarios/phalanx/default.yaml" my.yaml
expect_exit 0 "a copy of the default scenario runs" -- "$S" battle my.yaml --quiet
# A moved install still finds its data (relative to the binary).
mv "$P" "$TMP/moved"
expect_exit 0 "a moved install still runs" -- "$TMP/moved/bin/sandtable" battle --quiet
expect_output "Installed Gallic" "... with its own data"
# SANDTABLE_HOME names another data folder.
expect_exit 0 "SANDTABLE_HOME overrides the data folder" -- env SANDTABLE_HOME="$OLDPWD" "$TMP/moved/bin/sandtable" battle --quiet
if grep -q "Installed Gallic" <<<"$OUT"; then fail "SANDTABLE_HOME was ignored"; else pass "... and its data is used"; fi
bash -n "$TMP/moved/share/bash-completion/completions/sandtable" && pass "the bash completion parses" || fail "the bash completion does not parse"
( source "$TMP/moved/share/bash-completion/completions/sandtable"
  COMP_WORDS=(sandtable si); COMP_CWORD=1; _sandtable; [ "${COMPREPLY[*]}" = "sim" ] ) && pass "completion: 'si' -> sim" || fail "completion of subcommands"
( source "$TMP/moved/share/bash-completion/completions/sandtable"
  COMP_WORDS=(sandtable sim x.yaml --keep); COMP_CWORD=3; _sandtable; [ "${COMPREPLY[*]}" = "--keep-going" ] ) && pass "completion: sim --keep -> --keep-going" || fail "completion of a subcommand's flags"
if command -v man >/dev/null; then
  man -l "$TMP/moved/share/man/man1/sandtable.1" 2>/dev/null | grep -q "EXIT CODES" && pass "the man page renders with its exit codes" || fail "the man page"
fi
finish
