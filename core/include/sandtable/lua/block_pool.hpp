// A free-list allocator for one Lua state's small blocks.
//
// Rules and AI code make many small, short-lived blocks (tables, their
// parts, closures, short strings); glibc's malloc/free and our accounting
// wrapper cost about 8 % of a Phalanx battle. Blocks up to kLargest bytes are
// served from per-size free lists carved out of large chunks instead. One
// pool belongs to one Lua state (and so to one thread): no locking. Freed
// blocks are kept for reuse until the pool is destroyed, after the state.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

namespace sandtable {

class BlockPool {
public:
  static constexpr std::size_t kGranule = 16;   // size classes 16, 32, ... bytes
  static constexpr std::size_t kLargest = 256;  // larger blocks go to malloc
  static constexpr std::size_t kChunk = 64 * 1024;

  BlockPool() = default;
  BlockPool(const BlockPool&) = delete;
  BlockPool& operator=(const BlockPool&) = delete;
  ~BlockPool();

  static bool serves(std::size_t n) { return n <= kLargest; }
  // Both sizes served by the same block (a resize that can stay in place).
  static bool same_class(std::size_t a, std::size_t b) { return class_of(a) == class_of(b); }

  // A block of at least n (1..kLargest) bytes, 16-byte aligned; nullptr when
  // no memory is left.
  void* take(std::size_t n);
  // Returns a block taken for n bytes.
  void give(void* p, std::size_t n);

  // Bytes obtained from the system so far (chunks).
  std::size_t reserved() const { return chunks_.size() * kChunk; }

private:
  static std::size_t class_of(std::size_t n) { return n == 0 ? 0 : (n - 1) / kGranule; }
  struct FreeBlock {
    FreeBlock* next;
  };
  std::array<FreeBlock*, kLargest / kGranule> free_{};
  std::vector<void*> chunks_;
  char* bump_ = nullptr;
  std::size_t left_ = 0;
};

} // namespace sandtable
