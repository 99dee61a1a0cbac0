#pragma once
// Dice and dice sources. A die is a list of faces (d6 = 1..6, the WRG average
// die = {2,3,3,4,4,5}); a source decides what a roll shows:
//   RandomSource      — the seeded generator, for battles;
//   ForcedSource      — a scripted sequence, for tests;
//   EnumeratingSource — drives an adjudication through every outcome with its
//                       probability, for exact odds (see enumerate()).
// Every roll may carry a purpose text and is reported to an optional recorder,
// so a battle's log holds every roll.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "sandtable/errors.hpp"
#include "sandtable/rng.hpp"

namespace sandtable {

class Die {
public:
  static Die d(int sides);                      // 1..sides
  static Die custom(std::vector<int> faces);    // any faces, repeats allowed
  const std::vector<int>& faces() const { return faces_; }
  int count() const { return static_cast<int>(faces_.size()); }
  bool can_show(int value) const;
  // "d6", or "{2,3,3,4,4,5}" for custom faces.
  std::string name() const;
  bool standard() const { return standard_; }

private:
  explicit Die(std::vector<int> faces, bool standard) : faces_(std::move(faces)), standard_(standard) {}
  std::vector<int> faces_;
  bool standard_;
};

struct RollRecord {
  std::string die;      // "d6"
  int value;
  std::string_view purpose;
};

class DiceSource {
public:
  using Recorder = std::function<void(const RollRecord&)>;
  virtual ~DiceSource() = default;

  // Rolls one die; `purpose` says why ("melee, unit 7").
  int roll(const Die& die, std::string_view purpose = {});
  // Shorthand for a standard die with `sides` faces.
  int roll(int sides, std::string_view purpose = {});

  void set_recorder(Recorder recorder) { recorder_ = std::move(recorder); }
  std::uint64_t rolls() const { return rolls_; }

protected:
  // The index (0 .. die.count()-1) of the face shown.
  virtual int face_index(const Die& die, std::string_view purpose) = 0;

private:
  Recorder recorder_;
  std::uint64_t rolls_ = 0;
};

class RandomSource final : public DiceSource {
public:
  RandomSource(std::uint64_t seed, std::uint64_t stream = 0) : rng_(seed, stream) {}
  Rng& rng() { return rng_; }

protected:
  int face_index(const Die& die, std::string_view purpose) override;

private:
  Rng rng_;
};

// A scripted sequence of face values. Running out, or a value the die cannot
// show, is an error naming the roll.
class ForcedSource final : public DiceSource {
public:
  explicit ForcedSource(std::vector<int> values) : values_(std::move(values)) {}
  std::size_t remaining() const { return values_.size() - next_; }

protected:
  int face_index(const Die& die, std::string_view purpose) override;

private:
  std::vector<int> values_;
  std::size_t next_ = 0;
};

// One path through the tree of possible rolls. enumerate() below uses it.
class EnumeratingSource final : public DiceSource {
public:
  double probability() const { return probability_; }

protected:
  int face_index(const Die& die, std::string_view purpose) override;

private:
  friend void enumerate(const std::function<void(EnumeratingSource&)>&, std::uint64_t);
  struct Choice { int index; int count; };
  bool advance();            // next path in odometer order; false when done
  void restart();
  std::vector<Choice> path_;
  std::size_t depth_ = 0;
  double probability_ = 1.0;
};

// Runs `adjudicate(source)` once for every distinct sequence of rolls it can
// ask for. When it has made its last roll, source.probability() is the
// probability of that sequence (over all paths they sum to 1). The
// adjudication must be pure: the same rolls lead to the same dice asked for.
// Throws Error when more than `max_paths` paths would be needed.
void enumerate(const std::function<void(EnumeratingSource&)>& adjudicate,
               std::uint64_t max_paths = 2'000'000);

} // namespace sandtable
