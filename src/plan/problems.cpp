// The problems the plan checks report (plan.hpp: Problem): the line
// OpenTofu prints for one, and the order they are returned in.
#include <algorithm>
#include <string>
#include <vector>

#include "plan/plan.hpp"
#include "values/path.hpp"

namespace dynval::plan {

std::string problem_line(const Problem& p) {
  if (p.path.empty()) return p.message;
  std::string line = path_string(p.path);
  line += ": ";
  line += p.message;
  return line;
}

void sort_problems(std::vector<Problem>& problems) {
  std::vector<std::pair<std::string, size_t>> keys;
  keys.reserve(problems.size());
  for (size_t i = 0; i < problems.size(); ++i) keys.emplace_back(problem_line(problems[i]), i);
  std::stable_sort(keys.begin(), keys.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<Problem> sorted;
  sorted.reserve(problems.size());
  for (const auto& k : keys) sorted.push_back(std::move(problems[k.second]));
  problems = std::move(sorted);
}

}  // namespace dynval::plan
