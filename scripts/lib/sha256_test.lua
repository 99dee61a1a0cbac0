-- lib.sha256: the FIPS 180-4 test vectors, and the base64 a CSP hash source uses.
local T = require("lib.testing")
local sha256 = require("lib.sha256")

T.case("sha256: FIPS 180-4 vectors (empty, one block, two blocks, a million a's)", function()
  T.eq(sha256.hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  T.eq(sha256.hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  T.eq(sha256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  T.eq(sha256.hex(string.rep("a", 1000000)), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
end)

T.case("sha256: base64 as in a Content-Security-Policy hash", function()
  T.eq(sha256.base64("abc"), "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
  T.eq(sha256.to_base64("f"), "Zg==")
  T.eq(sha256.to_base64("fo"), "Zm8=")
  T.eq(sha256.to_base64("foo"), "Zm9v")
end)
