# docs/lua-api.md is exactly what the engine registers (regenerate with
# `build/sandtable api > docs/lua-api.md`).
source "$(dirname "$0")/lib.bash" "$1"
"$SANDTABLE" api > "$TMP/api.md"
if diff -u docs/lua-api.md "$TMP/api.md"; then pass "the Lua API reference matches the bindings"
else fail "docs/lua-api.md is out of date: a binding is undocumented or the reference names one that does not exist"; fi
# The LuaLS annotation stubs are the same tables again (regenerate with
# `build/sandtable api --luals tools/luals/library`).
"$SANDTABLE" api --luals "$TMP/luals"
if diff -ru tools/luals/library "$TMP/luals"; then pass "the LuaLS stubs match the bindings"
else fail "tools/luals/library is out of date"; fi
# (luac5.4 -p is given one file at a time: Debian's 5.4.4 aborts on several.)
bad=0
for f in "$TMP"/luals/*.lua; do luac5.4 -p "$f" || bad=1; done
if [ "$bad" -eq 0 ]; then pass "the stubs are valid Lua"; else fail "a stub does not parse"; fi
finish
