#include "sandtable/dice.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace sandtable {

Die Die::d(int sides) {
  if (sides < 1 || sides > 1'000'000) throw Error(fmt::format("a die needs 1 to 1000000 sides, not {}", sides));
  std::vector<int> faces(static_cast<std::size_t>(sides));
  for (int i = 0; i < sides; ++i) faces[static_cast<std::size_t>(i)] = i + 1;
  return Die(std::move(faces), true);
}

Die Die::custom(std::vector<int> faces) {
  if (faces.empty()) throw Error("a die with custom faces needs at least one face");
  return Die(std::move(faces), false);
}

bool Die::can_show(int value) const {
  return std::find(faces_.begin(), faces_.end(), value) != faces_.end();
}

std::string Die::name() const {
  if (standard_) return fmt::format("d{}", faces_.size());
  return fmt::format("{{{}}}", fmt::join(faces_, ","));
}

int DiceSource::roll(const Die& die, std::string_view purpose) {
  const int value = die.faces()[static_cast<std::size_t>(face_index(die, purpose))];
  ++rolls_;
  if (recorder_) recorder_(RollRecord{die.name(), value, purpose});
  return value;
}

int DiceSource::roll(int sides, std::string_view purpose) {
  // Standard dice are common enough to keep a few prebuilt.
  static const Die d4 = Die::d(4), d6 = Die::d(6), d8 = Die::d(8), d10 = Die::d(10),
                   d12 = Die::d(12), d20 = Die::d(20);
  switch (sides) {
  case 4: return roll(d4, purpose);
  case 6: return roll(d6, purpose);
  case 8: return roll(d8, purpose);
  case 10: return roll(d10, purpose);
  case 12: return roll(d12, purpose);
  case 20: return roll(d20, purpose);
  default: return roll(Die::d(sides), purpose);
  }
}

int RandomSource::face_index(const Die& die, std::string_view) {
  return static_cast<int>(rng_.below(static_cast<std::uint32_t>(die.count())));
}

int ForcedSource::face_index(const Die& die, std::string_view purpose) {
  const std::size_t roll_number = next_ + 1;
  const std::string what = purpose.empty() ? std::string() : fmt::format(" ({})", purpose);
  if (next_ >= values_.size())
    throw Error(fmt::format("forced dice ran out: roll {} of a {}{} was asked for, only {} were scripted",
                            roll_number, die.name(), what, values_.size()));
  const int value = values_[next_++];
  const auto& faces = die.faces();
  const auto it = std::find(faces.begin(), faces.end(), value);
  if (it == faces.end())
    throw Error(fmt::format("forced dice: roll {} is {}, which a {}{} cannot show", roll_number,
                            value, die.name(), what));
  return static_cast<int>(it - faces.begin());
}

int EnumeratingSource::face_index(const Die& die, std::string_view) {
  if (depth_ == path_.size()) path_.push_back(Choice{0, die.count()});
  Choice& c = path_[depth_++];
  if (c.count != die.count())
    throw Error("exact odds: the adjudication is not pure (the same rolls led to a different die)");
  probability_ /= c.count;
  return c.index;
}

void EnumeratingSource::restart() {
  depth_ = 0;
  probability_ = 1.0;
}

bool EnumeratingSource::advance() {
  // Paths shorter than before (an early result) drop the unused tail.
  path_.resize(depth_);
  while (!path_.empty()) {
    Choice& last = path_.back();
    if (++last.index < last.count) return true;
    path_.pop_back();
  }
  return false;
}

void enumerate(const std::function<void(EnumeratingSource&)>& adjudicate, std::uint64_t max_paths) {
  EnumeratingSource source;
  std::uint64_t paths = 0;
  do {
    if (++paths > max_paths)
      throw Error(fmt::format("exact odds need more than {} outcome paths; use Monte Carlo", max_paths));
    source.restart();
    adjudicate(source);
  } while (source.advance());
}

} // namespace sandtable
