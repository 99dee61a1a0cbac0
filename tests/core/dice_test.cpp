// Dice: the generator, bounded integers, dice, sources, expressions, pools.
// Every expected value below is worked out by hand (or by an independent
// textbook implementation written here), never read back from the code under test.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cstring>

#include <array>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "sandtable/dice.hpp"
#include "sandtable/dice_expr.hpp"
#include "sandtable/dice_pool.hpp"
#include "sandtable/rng.hpp"

using namespace sandtable;

namespace {

// Pearson's chi-square statistic of observed counts against expected probabilities.
double chi_square(const std::vector<double>& observed, const std::vector<double>& probabilities) {
  double n = 0;
  for (double o : observed) n += o;
  double chi = 0;
  for (std::size_t i = 0; i < observed.size(); ++i) {
    const double e = n * probabilities[i];
    chi += (observed[i] - e) * (observed[i] - e) / e;
  }
  return chi;
}

// Reference xoshiro256** and splitmix64, transcribed from Vigna's public-domain C code.
struct RefXoshiro {
  std::uint64_t s[4];
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  explicit RefXoshiro(std::uint64_t seed) {
    for (auto& w : s) {
      std::uint64_t z = (seed += 0x9e3779b97f4a7c15ULL);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      w = z ^ (z >> 31);
    }
  }
  std::uint64_t next() {
    const std::uint64_t result = rotl(s[1] * 5, 7) * 9;
    const std::uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
  }
};

double binomial(int n, int k, double p) {
  double c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c * std::pow(p, k) * std::pow(1 - p, n - k);
}

// The line of a DiceExprError message that shows the caret, and the column it points at.
void check_caret(const std::string& expr, std::size_t expected_column) {
  INFO("expression \"" << expr << "\"");
  try {
    DiceExpr::parse(expr);
    FAIL("no error for a malformed expression");
  } catch (const DiceExprError& e) {
    const std::string msg = e.what();
    INFO(msg);
    CHECK(e.column() == expected_column);
    CHECK(msg.find("\"" + expr + "\"") != std::string::npos);  // quotes the expression
    // "...\n  EXPR\n  <spaces>^": the caret sits under the bad character.
    const auto caret_line_start = msg.rfind('\n') + 1;
    const auto expr_line_start = msg.rfind('\n', caret_line_start - 2) + 1;
    CHECK(msg.substr(expr_line_start, caret_line_start - 1 - expr_line_start) == "  " + expr);
    const std::string caret_line = msg.substr(caret_line_start);
    CHECK(caret_line == std::string(2 + expected_column, ' ') + "^");
    CHECK(msg.find("at character " + std::to_string(expected_column + 1)) != std::string::npos);
  }
}

} // namespace

TEST_CASE("xoshiro256** streams are deterministic and independent", "[dice][rng]") {
  Rng a(42, 7), b(42, 7), c(42, 8), d(43, 7);
  std::vector<std::uint64_t> va, vb, vc, vd;
  for (int i = 0; i < 1000; ++i) {
    va.push_back(a.next());
    vb.push_back(b.next());
    vc.push_back(c.next());
    vd.push_back(d.next());
  }
  CHECK(va == vb);
  int same_c = 0, same_d = 0;
  for (int i = 0; i < 1000; ++i) {
    same_c += va[i] == vc[i];
    same_d += va[i] == vd[i];
  }
  CHECK(same_c == 0);
  CHECK(same_d == 0);
  CHECK(Rng::derive(42, 7) == Rng::derive(42, 7));
  CHECK(Rng::derive(42, 7) != Rng::derive(42, 8));
  CHECK(Rng::derive(42, 7) != Rng::derive(43, 7));
}

TEST_CASE("Rng is xoshiro256** seeded by splitmix64 from derive(seed, stream)", "[dice][rng]") {
  for (std::uint64_t stream : {0ULL, 1ULL, 99ULL}) {
    Rng rng(2024, stream);
    RefXoshiro ref(Rng::derive(2024, stream));
    for (int i = 0; i < 100; ++i) REQUIRE(rng.next() == ref.next());
  }
}

TEST_CASE("below(n) is unbiased", "[dice][rng]") {
  SECTION("n = 7, 70000 draws: chi-square below the 0.999 critical value for 6 dof") {
    Rng rng(1, 0);
    std::vector<double> counts(7, 0);
    for (int i = 0; i < 70000; ++i) {
      const auto v = rng.below(7);
      REQUIRE(v < 7);
      counts[v] += 1;
    }
    CHECK(chi_square(counts, std::vector<double>(7, 1.0 / 7)) < 22.46);
  }
  SECTION("n = 3 * 2^30: the rejection step removes the multiply-shift bias") {
    // Without rejection, 2^32 / n = 4/3 maps two inputs onto every third
    // output, so outputs k with k % 3 == 2 would come up half the time.
    const std::uint32_t n = 3u << 30;
    Rng rng(5, 0);
    std::vector<double> counts(3, 0);
    for (int i = 0; i < 60000; ++i) {
      const auto v = rng.below(n);
      REQUIRE(v < n);
      counts[v % 3] += 1;
    }
    CHECK(chi_square(counts, {1.0 / 3, 1.0 / 3, 1.0 / 3}) < 13.82);  // 0.999, 2 dof
    // The biased split would be rejected by the same test.
    CHECK(chi_square(counts, {0.25, 0.25, 0.5}) > 1000);
  }
  SECTION("n = 1 always gives 0") {
    Rng rng(9, 0);
    for (int i = 0; i < 100; ++i) CHECK(rng.below(1) == 0);
  }
}

TEST_CASE("2d6 chi-square against 1:2:3:4:5:6:5:4:3:2:1 with a fixed seed", "[dice]") {
  RandomSource source(20240601, 0);
  std::vector<double> counts(11, 0);  // totals 2..12
  const int n = 36000;
  for (int i = 0; i < n; ++i) {
    const int total = source.roll(6) + source.roll(6);
    REQUIRE(total >= 2);
    REQUIRE(total <= 12);
    counts[static_cast<std::size_t>(total - 2)] += 1;
  }
  std::vector<double> expected;
  for (int w : {1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1}) expected.push_back(w / 36.0);
  const double chi = chi_square(counts, expected);
  INFO("chi-square = " << chi);
  CHECK(chi < 29.59);  // 0.999 critical value, 10 degrees of freedom
  // The test has teeth: the same counts are far from a flat 1..11 distribution.
  CHECK(chi_square(counts, std::vector<double>(11, 1.0 / 11)) > 1000);
  CHECK(source.rolls() == 2 * n);
}

TEST_CASE("same seed and stream roll the same dice", "[dice]") {
  RandomSource a(77, 3), b(77, 3), c(77, 4);
  std::vector<int> ra, rb, rc;
  for (int i = 0; i < 200; ++i) {
    ra.push_back(a.roll(6));
    rb.push_back(b.roll(6));
    rc.push_back(c.roll(6));
  }
  CHECK(ra == rb);
  CHECK(ra != rc);
}

TEST_CASE("standard dice show 1..sides", "[dice]") {
  RandomSource source(3, 0);
  for (int sides : {4, 6, 8, 10, 12, 20, 7}) {
    std::vector<int> seen(static_cast<std::size_t>(sides) + 1, 0);
    for (int i = 0; i < 2000; ++i) {
      const int v = source.roll(sides);
      REQUIRE(v >= 1);
      REQUIRE(v <= sides);
      seen[static_cast<std::size_t>(v)] = 1;
    }
    int distinct = 0;
    for (int s : seen) distinct += s;
    CHECK(distinct == sides);
  }
  CHECK(Die::d(6).name() == "d6");
  CHECK_THROWS_AS(Die::d(0), Error);
}

TEST_CASE("custom-face die {2,3,3,4,4,5} (the WRG average die)", "[dice]") {
  const Die avg = Die::custom({2, 3, 3, 4, 4, 5});
  CHECK(avg.name() == "{2,3,3,4,4,5}");
  CHECK_FALSE(avg.standard());
  CHECK(avg.can_show(3));
  CHECK_FALSE(avg.can_show(1));
  CHECK_FALSE(avg.can_show(6));

  RandomSource source(11, 0);
  std::map<int, double> counts;
  double sum = 0;
  const int n = 60000;
  for (int i = 0; i < n; ++i) {
    const int v = source.roll(avg);
    counts[v] += 1;
    sum += v;
  }
  REQUIRE(counts.size() == 4);
  CHECK(counts.begin()->first == 2);
  CHECK(counts.rbegin()->first == 5);
  CHECK(chi_square({counts[2], counts[3], counts[4], counts[5]}, {1 / 6.0, 2 / 6.0, 2 / 6.0, 1 / 6.0}) < 16.27);
  CHECK(sum / n == Approx(3.5).margin(0.02));

  const auto dist = sum_distribution(avg, 2);
  CHECK(dist.begin()->first == 4);
  CHECK(dist.rbegin()->first == 10);
  // 7 = 2+5, 5+2, 3+4 (2x2 ways each order) = 1+1+4+4 = 10 of 36.
  CHECK(dist.at(7) == Approx(10.0 / 36));
  CHECK(dist.at(6) == Approx(8.0 / 36));  // 2+4 (2), 4+2 (2), 3+3 (4)
}

TEST_CASE("ForcedSource plays its script and names the roll on errors", "[dice]") {
  SECTION("values in order, custom faces too") {
    ForcedSource f({3, 6, 4});
    CHECK(f.roll(6) == 3);
    CHECK(f.roll(6) == 6);
    CHECK(f.remaining() == 1);
    CHECK(f.roll(Die::custom({2, 3, 3, 4, 4, 5})) == 4);
    CHECK(f.remaining() == 0);
  }
  SECTION("running out") {
    ForcedSource f({2, 5});
    f.roll(6);
    f.roll(6);
    REQUIRE_THROWS_AS(f.roll(6, "melee, unit 7"), Error);
    ForcedSource g({2, 5});
    g.roll(6);
    g.roll(6);
    REQUIRE_THROWS_WITH(g.roll(8, "melee, unit 7"),
                        Catch::Contains("ran out") && Catch::Contains("roll 3") && Catch::Contains("d8") &&
                            Catch::Contains("melee, unit 7") && Catch::Contains("only 2"));
  }
  SECTION("a value the die cannot show") {
    ForcedSource f({4, 7});
    f.roll(6);
    REQUIRE_THROWS_WITH(f.roll(6), Catch::Contains("roll 2 is 7") && Catch::Contains("d6 cannot show"));
    ForcedSource g({1});
    REQUIRE_THROWS_WITH(g.roll(Die::custom({2, 3, 3, 4, 4, 5}), "average die"),
                        Catch::Contains("roll 1 is 1") && Catch::Contains("{2,3,3,4,4,5}") &&
                            Catch::Contains("average die"));
  }
}

TEST_CASE("enumerate() over 2d6 gives 36 paths", "[dice][odds]") {
  int paths = 0;
  double total = 0, p7 = 0;
  std::map<int, double> by_total;
  enumerate([&](EnumeratingSource& s) {
    const int t = s.roll(6) + s.roll(6);
    ++paths;
    total += s.probability();
    by_total[t] += s.probability();
    if (t == 7) p7 += s.probability();
  });
  CHECK(paths == 36);
  CHECK(total == Approx(1.0));
  CHECK(p7 == Approx(6.0 / 36));
  CHECK(by_total.at(2) == Approx(1.0 / 36));
  CHECK(by_total.at(12) == Approx(1.0 / 36));
  CHECK(by_total.size() == 11);
}

TEST_CASE("enumerate() over an early-stopping adjudication", "[dice][odds]") {
  // Roll a d6; only on a 6 roll again and add. Paths: 5 short + 6 long = 11.
  int paths = 0;
  double total = 0, p_two_rolls = 0;
  std::map<int, double> by_total;
  enumerate([&](EnumeratingSource& s) {
    int t = s.roll(6);
    bool again = false;
    if (t == 6) {
      t += s.roll(6);
      again = true;
    }
    ++paths;
    total += s.probability();
    by_total[t] += s.probability();
    if (again) p_two_rolls += s.probability();
  });
  CHECK(paths == 11);
  CHECK(total == Approx(1.0));
  CHECK(p_two_rolls == Approx(1.0 / 6));
  CHECK(by_total.at(3) == Approx(1.0 / 6));
  CHECK(by_total.count(6) == 0);
  CHECK(by_total.at(7) == Approx(1.0 / 36));
  CHECK(by_total.at(12) == Approx(1.0 / 36));
}

TEST_CASE("enumerate() refuses more paths than allowed", "[dice][odds]") {
  REQUIRE_THROWS_WITH(enumerate([](EnumeratingSource& s) { s.roll(6); s.roll(6); }, 35),
                      Catch::Contains("more than 35"));
  CHECK_NOTHROW(enumerate([](EnumeratingSource& s) { s.roll(6); s.roll(6); }, 36));
}

TEST_CASE("dice expressions: min, max, exact distribution, rolls in range", "[dice][expr]") {
  struct Case {
    const char* text;
    int min, max;
    int value;
    double p;  // P(value), worked by hand
  };
  const std::vector<Case> cases = {
      {"2d6", 2, 12, 7, 6.0 / 36},
      {"3d12", 3, 36, 18, 106.0 / 1728},  // x1+x2+x3 = 15, xi in 0..11: C(17,2) - 3*C(5,2) = 106
      {"10+1d20", 11, 30, 17, 1.0 / 20},
      {"1d8+2", 3, 10, 10, 1.0 / 8},
      {"5+1d10", 6, 15, 6, 1.0 / 10},
      {"d6", 1, 6, 4, 1.0 / 6},
      {"2d6-1", 1, 11, 6, 6.0 / 36},
      {" 2D6 + 3 ", 5, 15, 5, 1.0 / 36},
      {"10-1d6", 4, 9, 4, 1.0 / 6},
  };
  RandomSource source(99, 0);
  for (const auto& c : cases) {
    INFO(c.text);
    const DiceExpr e = DiceExpr::parse(c.text);
    CHECK(e.min() == c.min);
    CHECK(e.max() == c.max);
    const auto dist = e.distribution();
    CHECK(dist.begin()->first == c.min);
    CHECK(dist.rbegin()->first == c.max);
    CHECK(dist.size() == static_cast<std::size_t>(c.max - c.min + 1));
    double total = 0;
    for (const auto& [v, p] : dist) total += p;
    CHECK(total == Approx(1.0));
    CHECK(dist.at(c.value) == Approx(c.p));
    bool hit_min = false, hit_max = false;
    for (int i = 0; i < 20000; ++i) {
      const int r = e.roll(source);
      REQUIRE(r >= c.min);
      REQUIRE(r <= c.max);
      hit_min |= r == c.min;
      hit_max |= r == c.max;
    }
    if (c.max - c.min < 20) {
      CHECK(hit_min);
      CHECK(hit_max);
    }
  }
  const auto d3 = DiceExpr::parse("3d12").distribution();
  CHECK(d3.at(3) == Approx(1.0 / 1728));
  CHECK(d3.at(36) == Approx(1.0 / 1728));
  CHECK(d3.at(4) == Approx(3.0 / 1728));
  CHECK(d3.at(21) == Approx(106.0 / 1728));  // symmetric about 19.5
  CHECK(d3.at(19) == Approx(108.0 / 1728));  // x sum 16: C(18,2) - 3*C(6,2) = 153 - 45
}

namespace {
// The convolution as it was (a map lookup at every step): the reference the
// array version must match to the bit.
std::map<int, double> reference_convolve(const std::map<int, double>& a, const std::map<int, double>& b) {
  std::map<int, double> out;
  for (const auto& [va, pa] : a)
    for (const auto& [vb, pb] : b) out[va + vb] += pa * pb;
  return out;
}
std::map<int, double> reference_sum(const Die& die, int count) {
  std::map<int, double> one;
  for (int f : die.faces()) one[f] += 1.0 / die.count();
  std::map<int, double> out{{0, 1.0}};
  std::map<int, double> power = one;
  for (int n = count; n > 0; n >>= 1) {
    if (n & 1) out = reference_convolve(out, power);
    if (n > 1) power = reference_convolve(power, power);
  }
  return out;
}
}  // namespace

TEST_CASE("exact distributions are the map convolution's, to the bit (dense sums, gapped faces)", "[dice][expr]") {
  const std::vector<Die> dice{Die::d(2), Die::d(6), Die::d(11), Die::d(20), Die::custom({2, 3, 3, 4, 4, 5}),
                              Die::custom({0, 0, 1}), Die::custom({1, 100}), Die::custom({-5, 0, 500})};
  for (const Die& die : dice)
    for (const int count : {1, 2, 3, 7, 16, 33}) {
      const auto got = sum_distribution(die, count);
      const auto want = reference_sum(die, count);
      INFO("faces " << die.faces().front() << ".." << die.faces().back() << " x" << die.count() << ", count " << count);
      REQUIRE(got.size() == want.size());
      CHECK(std::equal(got.begin(), got.end(), want.begin(), [](const auto& x, const auto& y) {
        return x.first == y.first && std::memcmp(&x.second, &y.second, sizeof(double)) == 0;
      }));
    }
  // An expression's terms, signs and constants convolved together.
  const auto e = DiceExpr::parse("d2+50+52d11-3d6").distribution();
  auto want = reference_convolve(reference_convolve(reference_sum(Die::d(2), 1), {{50, 1.0}}), reference_sum(Die::d(11), 52));
  std::map<int, double> neg;
  for (const auto& [v, p] : reference_sum(Die::d(6), 3)) neg[-v] = p;
  want = reference_convolve(want, neg);
  // distribution() starts from {0: 1} and convolves each term in order
  auto from_zero = reference_convolve({{0, 1.0}}, reference_sum(Die::d(2), 1));
  from_zero = reference_convolve(from_zero, {{50, 1.0}});
  from_zero = reference_convolve(from_zero, reference_sum(Die::d(11), 52));
  from_zero = reference_convolve(from_zero, neg);
  REQUIRE(e.size() == from_zero.size());
  CHECK(std::equal(e.begin(), e.end(), from_zero.begin(), [](const auto& x, const auto& y) {
    return x.first == y.first && std::memcmp(&x.second, &y.second, sizeof(double)) == 0;
  }));
  CHECK(want.size() == e.size());
}

TEST_CASE("a dice expression rolls through a forced source in order", "[dice][expr]") {
  ForcedSource f({4, 2, 17});
  CHECK(DiceExpr::parse("2d6-1").roll(f) == 5);
  CHECK(DiceExpr::parse("10+1d20").roll(f) == 27);
}

TEST_CASE("malformed dice expressions quote the text with a caret under the bad character", "[dice][expr]") {
  check_caret("2d", 2);
  check_caret("2x6", 1);
  check_caret("d", 1);
  check_caret("+", 1);
  check_caret("10+", 3);
  check_caret("1d6++2", 4);
  check_caret("", 0);
  check_caret("0d6", 0);
  check_caret("2d6 * 2", 4);
}

TEST_CASE("pool of 20 dice hitting on 4+ re-rolling 1s and 2s", "[dice][pool]") {
  PoolSpec pool;
  pool.dice = 20;
  pool.sides = 6;
  pool.hit_on = 4;
  pool.reroll = {1, 2};
  // 3/6 hit at once; 2/6 are re-rolled and hit half the time: 1/2 + (2/6)(1/2) = 2/3.
  CHECK(pool_die_hit_probability(pool) == Approx(2.0 / 3));

  // The same per-die probability by exact enumeration of one die.
  double p_enum = 0;
  enumerate([&](EnumeratingSource& s) {
    int v = s.roll(6);
    if (v <= 2) v = s.roll(6);
    if (v >= 4) p_enum += s.probability();
  });
  CHECK(p_enum == Approx(2.0 / 3));

  const auto dist = pool_hits_distribution(pool);
  REQUIRE(dist.size() == 21);
  double total = 0;
  for (double p : dist) total += p;
  CHECK(total == Approx(1.0));
  CHECK(dist[20] == Approx(1048576.0 / 3486784401.0));  // (2/3)^20 = 2^20 / 3^20
  CHECK(dist[0] == Approx(1.0 / 3486784401.0).epsilon(1e-9));  // (1/3)^20
  for (int k : {0, 5, 10, 13, 14, 17, 20}) {
    INFO("k = " << k);
    CHECK(dist[static_cast<std::size_t>(k)] == Approx(binomial(20, k, 2.0 / 3)).epsilon(1e-9));
  }
  // (n+1)p = 14 exactly, so 13 and 14 are joint modes:
  // P(14)/P(13) = (C(20,14)/C(20,13)) * (p/(1-p)) = (7/14) * 2 = 1.
  CHECK(dist[13] == Approx(dist[14]));
  CHECK(dist[14] > dist[15]);
  CHECK(dist[13] > dist[12]);
}

TEST_CASE("a roll's purpose text reaches the recorder", "[dice]") {
  RandomSource source(5, 0);
  std::vector<std::string> dice, purposes;
  std::vector<int> values;
  source.set_recorder([&](const RollRecord& r) {
    dice.push_back(r.die);
    purposes.emplace_back(r.purpose);
    values.push_back(r.value);
  });
  const int v = source.roll(6, "Historicon integrity test, unit 7");
  const int w = source.roll(Die::custom({2, 3, 3, 4, 4, 5}), "WRG average");
  const int total = DiceExpr::parse("2d6").roll(source, "shooting, unit 3");
  REQUIRE(dice.size() == 4);
  CHECK(dice[0] == "d6");
  CHECK(purposes[0] == "Historicon integrity test, unit 7");
  CHECK(values[0] == v);
  CHECK(dice[1] == "{2,3,3,4,4,5}");
  CHECK(purposes[1] == "WRG average");
  CHECK(values[1] == w);
  CHECK(purposes[2] == "shooting, unit 3");
  CHECK(purposes[3] == "shooting, unit 3");
  CHECK(values[2] + values[3] == total);
}
