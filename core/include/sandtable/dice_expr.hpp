#pragma once
// Dice expressions as rules write them: "2d6", "3d12", "10+1d20", "1d8+2",
// "5+1d10", "d6", "2d6-1". Terms are constants or NdS joined by + and -.
// A malformed expression throws DiceExprError quoting it with a caret under
// the bad character.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "sandtable/dice.hpp"

namespace sandtable {

class DiceExprError : public Error {
public:
  DiceExprError(const std::string& expr, std::size_t column, const std::string& expected);
  std::size_t column() const { return column_; }

private:
  std::size_t column_;
};

class DiceExpr {
public:
  static DiceExpr parse(const std::string& text);

  int roll(DiceSource& source, std::string_view purpose = {}) const;
  int min() const;
  int max() const;
  // Exact distribution by convolution: value -> probability.
  std::map<int, double> distribution() const;
  const std::string& text() const { return text_; }

  // The largest total (either sign) an expression may reach; parse() refuses more.
  static constexpr std::int64_t kMaxTotal = 2147483647;

private:
  struct Term { int sign; int count; int sides; };  // sides == 0: constant `count`
  std::string text_;
  std::vector<Term> terms_;
};

// Exact distribution of the sum of `count` dice of `die` (convolution).
std::map<int, double> sum_distribution(const Die& die, int count);

} // namespace sandtable
