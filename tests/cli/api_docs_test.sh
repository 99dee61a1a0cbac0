# docs/lua-api.md is exactly what the engine registers (regenerate with
# `build/sandtable api > docs/lua-api.md`).
source "$(dirname "$0")/lib.bash" "$1"
"$SANDTABLE" api > "$TMP/api.md"
if diff -u docs/lua-api.md "$TMP/api.md"; then pass "the Lua API reference matches the bindings"
else fail "docs/lua-api.md is out of date: a binding is undocumented or the reference names one that does not exist"; fi
finish
