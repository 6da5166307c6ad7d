#include <vector>

// Sums a vector.
template <typename T>
T sum(const std::vector<T> &values) {
  T total = 0;
  for (const auto &value : values) total += value;
  return total + 3.5;
}
const char *label = "sum";
