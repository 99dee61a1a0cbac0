#include "sandtable/lua/block_pool.hpp"

#include <cstdlib>

namespace sandtable {

BlockPool::~BlockPool() {
  for (void* c : chunks_) std::free(c);
}

void* BlockPool::take(std::size_t n) {
  const std::size_t c = class_of(n);
  if (FreeBlock* b = free_[c]) {
    free_[c] = b->next;
    return b;
  }
  const std::size_t size = (c + 1) * kGranule;
  if (left_ < size) {
    // The old chunk's tail (under one block) is left unused.
    void* chunk = std::malloc(kChunk);  // malloc's alignment is at least 16
    if (!chunk) return nullptr;
    chunks_.push_back(chunk);
    bump_ = static_cast<char*>(chunk);
    left_ = kChunk;
  }
  void* p = bump_;
  bump_ += size;
  left_ -= size;
  return p;
}

void BlockPool::give(void* p, std::size_t n) {
  const std::size_t c = class_of(n);
  auto* b = static_cast<FreeBlock*>(p);
  b->next = free_[c];
  free_[c] = b;
}

} // namespace sandtable
