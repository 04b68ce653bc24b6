#include "encsim/session_tally.hpp"

namespace encsim {

SessionTally::SessionTally(std::size_t n_fights, std::size_t n_carry) : fights(n_fights) {
  for (Fight& f : fights) f.carry.resize(n_carry);
}

void SessionTally::merge(const SessionTally& o) {
  ENCSIM_CHECK_EQ(fights.size(), o.fights.size());
  trials += o.trials;
  survived_all += o.survived_all;
  both_survived += o.both_survived;
  only_this += o.only_this;
  only_first += o.only_first;
  for (std::size_t k = 0; k < fights.size(); ++k) {
    Fight& f = fights[k];
    const Fight& g = o.fights[k];
    ENCSIM_CHECK_EQ(f.carry.size(), g.carry.size());
    f.reached += g.reached;
    f.won += g.won;
    for (std::size_t m = 0; m < f.carry.size(); ++m) f.carry[m].merge(g.carry[m]);
  }
}

void SessionTally::clear() {
  trials = survived_all = both_survived = only_this = only_first = 0;
  for (Fight& f : fights) {
    f.reached = f.won = 0;
    for (IntStat& s : f.carry) s.clear();
  }
}

}  // namespace encsim
