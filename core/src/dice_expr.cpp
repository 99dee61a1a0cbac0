#include "sandtable/dice_expr.hpp"

#include <cctype>
#include <cstdint>
#include <fmt/format.h>
#include <utility>
#include <vector>

namespace sandtable {

DiceExprError::DiceExprError(const std::string& expr, std::size_t column, const std::string& expected)
    : Error(fmt::format("malformed dice expression \"{}\": {} at character {}\n  {}\n  {}^", expr,
                        expected, column + 1, expr, std::string(column, ' '))),
      column_(column) {}

namespace {

class Parser {
public:
  explicit Parser(const std::string& text) : s_(text) {}

  void skip_space() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  bool at_end() { skip_space(); return i_ >= s_.size(); }
  char peek() { skip_space(); return i_ < s_.size() ? s_[i_] : '\0'; }
  std::size_t pos() const { return i_; }

  // Digits, or -1 when there are none here.
  long number() {
    skip_space();
    const std::size_t start = i_;
    long value = 0;
    while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) {
      value = value * 10 + (s_[i_] - '0');
      if (value > 1'000'000) fail(start, "a number no larger than 1000000");
      ++i_;
    }
    return i_ == start ? -1 : value;
  }
  bool accept(char c) {
    if (peek() == c || (c == 'd' && peek() == 'D')) { ++i_; return true; }
    return false;
  }
  [[noreturn]] void fail(std::size_t at, const std::string& expected) const {
    throw DiceExprError(s_, std::min(at, s_.size()), expected);
  }

private:
  const std::string& s_;
  std::size_t i_ = 0;
};

// The exact distribution is built by convolutions, each costing |a|·|b| steps;
// a distribution needing more than this in all is refused before the step
// that would pass it (about a second at the map steps it once took; a tenth
// of that since session eleven's array sums).
// (Fix: dice.distribution("100d1000") ran for over a minute.)
constexpr double kMaxConvolutionSteps = 2e7;

struct Budget {
  const std::string& text;
  double used = 0;
  void spend(std::size_t a, std::size_t b) {
    used += static_cast<double>(a) * static_cast<double>(b);
    if (used > kMaxConvolutionSteps)
      throw Error(fmt::format("dice expression \"{}\": its exact distribution would take over {:.0e} steps to "
                              "compute; expected fewer dice or fewer sides",
                              text, kMaxConvolutionSteps));
  }
};

// The sums are accumulated in an array over their range, not looked up in
// the map at every step: the same additions in the same order (each sum's
// products arrive by ascending a, then b), so the same doubles, at a tenth
// of the cost. (Fix: "d2+50+520d11", within the budget, took 2.5 s in the
// fuzzer's sanitized build and timed out under load.) Supports with wide
// gaps (custom dice) keep the map, where the array would be mostly empty.
std::map<int, double> convolve(const std::map<int, double>& a, const std::map<int, double>& b, Budget* budget = nullptr) {
  if (budget) budget->spend(a.size(), b.size());
  std::map<int, double> out;
  if (a.empty() || b.empty()) return out;
  const long long a_lo = a.begin()->first, b_lo = b.begin()->first;
  const long long span = (a.rbegin()->first - a_lo) + (b.rbegin()->first - b_lo) + 1;
  if (span > 4 * static_cast<long long>(a.size() + b.size()) + 64) {
    for (const auto& [va, pa] : a)
      for (const auto& [vb, pb] : b) out[va + vb] += pa * pb;
    return out;
  }
  std::vector<std::pair<long long, double>> bs;
  bs.reserve(b.size());
  for (const auto& [vb, pb] : b) bs.emplace_back(vb - b_lo, pb);
  std::vector<double> sum(static_cast<std::size_t>(span), 0.0);
  std::vector<char> reached(static_cast<std::size_t>(span), 0);
  for (const auto& [va, pa] : a) {
    const long long at = va - a_lo;
    for (const auto& [ob, pb] : bs) {
      const auto k = static_cast<std::size_t>(at + ob);
      sum[k] += pa * pb;
      reached[k] = 1;
    }
  }
  const long long base = a_lo + b_lo;
  for (std::size_t k = 0; k < sum.size(); ++k)
    if (reached[k]) out.emplace_hint(out.end(), static_cast<int>(base + static_cast<long long>(k)), sum[k]);
  return out;
}

} // namespace

DiceExpr DiceExpr::parse(const std::string& text) {
  DiceExpr e;
  e.text_ = text;
  Parser p(text);
  if (p.at_end()) p.fail(0, "expected a number or a die such as 2d6");
  int sign = 1;
  if (p.accept('-')) sign = -1;
  else p.accept('+');
  for (;;) {
    const std::size_t term_start = p.pos();
    long count = p.number();
    if (p.accept('d')) {
      if (count == 0) p.fail(term_start, "expected at least one die");
      if (count < 0) count = 1;  // "d6" means "1d6"
      const std::size_t sides_at = p.pos();
      const long sides = p.number();
      if (sides < 1) p.fail(sides_at, "expected the number of sides after 'd'");
      if (count > 1000) p.fail(term_start, "expected at most 1000 dice in one term");
      e.terms_.push_back(Term{sign, static_cast<int>(count), static_cast<int>(sides)});
    } else {
      if (count < 0) p.fail(p.pos(), "expected a number or a die such as 2d6");
      e.terms_.push_back(Term{sign, static_cast<int>(count), 0});
    }
    if (p.at_end()) break;
    if (p.accept('+')) sign = 1;
    else if (p.accept('-')) sign = -1;
    else p.fail(p.pos(), "expected '+', '-' or the end");
    if (p.at_end()) p.fail(p.pos(), "expected a term after the sign");
  }
  // Every total must fit the engine's integers: three terms of 1000d1000000
  // overflowed (max = -1294967296). Refused here, so min(), max(), roll()
  // and the distribution never overflow.
  std::int64_t lo = 0, hi = 0;
  for (const Term& t : e.terms_) {
    // A constant term is `count` at both ends; NdS is N at least, N·S at most.
    const std::int64_t small = t.count, big = t.sides == 0 ? t.count : std::int64_t{t.count} * t.sides;
    if (t.sign > 0) lo += small, hi += big;
    else lo -= big, hi -= small;
    if (hi > kMaxTotal || lo < -kMaxTotal)
      throw DiceExprError(text, 0, fmt::format("a total within -{0}..{0} (this expression can reach {1})", kMaxTotal,
                                               hi > kMaxTotal ? hi : lo));
  }
  return e;
}

int DiceExpr::roll(DiceSource& source, std::string_view purpose) const {
  int total = 0;
  for (const Term& t : terms_) {
    if (t.sides == 0) { total += t.sign * t.count; continue; }
    // One die per term, not one per roll: a d1000000 is a million faces.
    // (Found by tests/fuzz: 1000d1000000 built 1000 of them, seconds a roll.)
    if (t.sides == 4 || t.sides == 6 || t.sides == 8 || t.sides == 10 || t.sides == 12 || t.sides == 20) {
      for (int i = 0; i < t.count; ++i) total += t.sign * source.roll(t.sides, purpose);
      continue;
    }
    const Die die = Die::d(t.sides);
    for (int i = 0; i < t.count; ++i) total += t.sign * source.roll(die, purpose);
  }
  return total;
}

int DiceExpr::min() const {
  int v = 0;
  for (const Term& t : terms_) v += t.sign * (t.sides == 0 ? t.count : (t.sign > 0 ? t.count : t.count * t.sides));
  return v;
}

int DiceExpr::max() const {
  int v = 0;
  for (const Term& t : terms_) v += t.sign * (t.sides == 0 ? t.count : (t.sign > 0 ? t.count * t.sides : t.count));
  return v;
}

namespace {
std::map<int, double> sum_distribution(const Die& die, int count, Budget* budget) {
  std::map<int, double> one;
  for (int f : die.faces()) one[f] += 1.0 / die.count();
  std::map<int, double> out{{0, 1.0}};
  // Square-and-multiply keeps large pools cheap.
  std::map<int, double> power = one;
  for (int n = count; n > 0; n >>= 1) {
    if (n & 1) out = convolve(out, power, budget);
    if (n > 1) power = convolve(power, power, budget);
  }
  return out;
}
} // namespace

std::map<int, double> sum_distribution(const Die& die, int count) { return sum_distribution(die, count, nullptr); }

std::map<int, double> DiceExpr::distribution() const {
  // The whole cost from the sizes alone, before any work: the same
  // square-and-multiply as sum_distribution, on support sizes.
  Budget estimate{text_};
  double out_size = 1;
  for (const Term& t : terms_) {
    double term_size = 1;
    if (t.sides > 0) {
      double power = t.sides, acc = 1;
      for (int n = t.count; n > 0; n >>= 1) {
        if (n & 1) estimate.spend(static_cast<std::size_t>(acc), static_cast<std::size_t>(power)), acc += power - 1;
        if (n > 1) estimate.spend(static_cast<std::size_t>(power), static_cast<std::size_t>(power)), power = 2 * power - 1;
      }
      term_size = acc;
    }
    estimate.spend(static_cast<std::size_t>(out_size), static_cast<std::size_t>(term_size));
    out_size += term_size - 1;
  }
  std::map<int, double> out{{0, 1.0}};
  Budget budget{text_};
  for (const Term& t : terms_) {
    std::map<int, double> term;
    if (t.sides == 0) term[t.count] = 1.0;
    else term = sum_distribution(Die::d(t.sides), t.count, &budget);
    if (t.sign < 0) {
      std::map<int, double> neg;
      for (const auto& [v, p] : term) neg[-v] = p;
      term = std::move(neg);
    }
    out = convolve(out, term, &budget);
  }
  return out;
}

} // namespace sandtable
