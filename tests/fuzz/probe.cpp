// Configure-time probe: does clang++ link a libFuzzer target? (CMakeLists.txt)
#include <cstddef>
#include <cstdint>
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t*, std::size_t) { return 0; }
