// What one feature did in a recorded fight, by its owner and name (features.csv).
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "encsim/encounter.hpp"
#include "encsim/tally.hpp"

namespace encsim::testing {

inline const FeatureRecord& feature(const std::vector<FeatureInfo>& table, const TrialRecord& rec, int owner,
                                    const std::string& name) {
  for (std::size_t k = 0; k < table.size(); ++k)
    if (table[k].owner == owner && table[k].name == name) return rec.features[k];
  ADD_FAILURE() << "no feature '" << name << "' of combatant " << owner;
  static const FeatureRecord kNone;
  return kNone;
}

}  // namespace encsim::testing
