# A Debian package built by CPack from the install rules: it builds, and holds
# the program, its data, the docs, the man page and the completion under /usr.
# (Installing it needs root and is left to tools/dev; not done here.)
source "$(dirname "$0")/lib.bash" "$1"
BUILD=$(cd "$(dirname "$SANDTABLE")" && pwd)
if ! command -v dpkg-deb >/dev/null; then echo "dpkg-deb not found: skipped"; exit 0; fi
if cpack -G DEB --config "$BUILD/CPackConfig.cmake" -B "$TMP/pkg" > "$TMP/cpack.log" 2>&1; then pass "cpack -G DEB builds a package"
else fail "cpack failed"; tail -20 "$TMP/cpack.log"; finish; fi
DEB=$(ls "$TMP"/pkg/*.deb | head -1)
dpkg-deb -c "$DEB" > "$TMP/list"
for f in ./usr/bin/sandtable ./usr/share/sandtable/scripts/lib/ruleset.lua ./usr/share/sandtable/rulesets/phalanx/init.lua \
         ./usr/share/sandtable/armies/phalanx/gallic.lua ./usr/share/sandtable/scenarios/phalanx/default.yaml \
         ./usr/share/doc/sandtable/getting-started.md ./usr/share/man/man1/sandtable.1 \
         ./usr/share/bash-completion/completions/sandtable; do
  grep -q " $f\$" "$TMP/list" && pass "the package holds $f" || fail "the package lacks $f"
done
OUT=$(dpkg-deb -f "$DEB" Package Depends)
expect_output "Package: sandtable" "the package is named sandtable"
expect_output "liblua5.4" "it depends on Debian's Lua"
# Unpacked anywhere, the program runs from its own data.
dpkg-deb -x "$DEB" "$TMP/root"
cd "$TMP" && expect_exit 0 "the unpacked program runs" -- "$TMP/root/usr/bin/sandtable" battle --quiet
finish
