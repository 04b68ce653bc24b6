// One Daggerheart fight. There is no initiative: the PCs act one at a time,
// each once before anyone twice; a failed roll or a roll with Fear passes the
// spotlight to the GM, who spotlights adversaries (the first free, more for
// Fear) and hands it back. Included by daggerheart.hpp; a template on the die
// source and the log, like every rule system's fight.
#pragma once

#include <algorithm>

namespace encsim::daggerheart {

template <class R, class Log>
class Battle {
 public:
  Battle(const Encounter& enc, R& dice, R& init, R& tact, R& setup, TrialRecord& rec, Log& log)
      : enc_(enc), opt_(enc.opt), dice_(dice), tact_(tact), setup_(setup), rec_(rec), log_(log),
        n_pc_(static_cast<int>(enc.pcs.size())), n_adv_(static_cast<int>(enc.adversaries.size())),
        n_npc_(static_cast<int>(enc.npcs.size())) {
    (void)init;  // no initiative in Daggerheart
  }

  void run() {
    set_up();
    for (round_ = 1; round_ <= enc_.max_rounds; ++round_) {
      rec_.rounds = round_;
      ENCSIM_SAY(log_, "-- round %d (every PC takes the spotlight once) --", round_);
      start_countdowns_on(Countdown::StartOn::round);
      for (int i = 0; i < n_pc_; ++i) pc_[i].acted = false;
      for (;;) {
        const int i = next_pc();
        if (i < 0) break;
        if (opt_.interrupt_after > 0 && pc_streak_ >= opt_.interrupt_after && can_spend(1)) {
          spend(1, kFearSpentInterrupts);
          ENCSIM_SAY(log_, "The GM spends a Fear to interrupt (fear %d).", fear_);
          gm_turn();
          if (over()) return finish();
          if (!standing(i)) continue;  // knocked out during the interrupt
        }
        pc_[i].acted = true;
        ++pc_streak_;
        const bool pass = pc_spotlight(i);
        if (over()) return finish();
        if (pass) {
          gm_turn();
          if (over()) return finish();
        }
      }
    }
    rec_.rounds = enc_.max_rounds;
    ENCSIM_SAY(log_, "max_rounds (%d) reached: a draw.", enc_.max_rounds);
    outcome_ = Outcome::draw;
    finish();
  }

  struct PcState {
    int hp_marked, stress_marked, hope, armor_marked;
    bool out, dead, acted;
    bool vulnerable;  // from a feature (full Stress is checked separately)
    Until vuln_until;
    bool restrained;
    int restrain_difficulty;
    int evasion_bonus, attack_bonus;
    bool advantage_next;
    int rally;  // Rally Die size, 0 when spent or none
    bool tag_team_used;
  };
  struct AdvState {
    int hp_marked, stress_marked;
    bool alive, hidden, restrained, vulnerable;
    int distract;        // Difficulty penalty until it next acts
    int spotlights;      // this GM turn
    int last_attacker;   // a PC index, -1 none
    std::array<int, 12> uses;  // uses left per feature, -1 unlimited
  };

 private:
  using Target = tactics::Target;
  const Pc& pc(int i) const { return enc_.pcs[static_cast<std::size_t>(i)]; }
  const Adversary& adv(int j) const { return enc_.adversaries[static_cast<std::size_t>(j)]; }
  CombatantRecord& rpc(int i) { return rec_.combatants[static_cast<std::size_t>(i)]; }
  CombatantRecord& radv(int j) { return rec_.combatants[static_cast<std::size_t>(enc_.rec_index_adv(j))]; }
  std::int64_t& res(Resource r) { return rec_.resources[r]; }
  const char* pname(int i) const { return pc(i).name.c_str(); }
  const char* aname(int j) const { return adv(j).name.c_str(); }
  bool standing(int i) const { return !pc_[i].out; }
  int hp_left(int i) const { return pc(i).hp - pc_[i].hp_marked; }
  int adv_hp_left(int j) const { return adv(j).hp - adv_[j].hp_marked; }
  bool vulnerable(int i) const { return pc_[i].vulnerable || pc_[i].stress_marked >= pc(i).stress; }
  int evasion(int i) const { return pc(i).evasion + pc_[i].evasion_bonus; }
  int difficulty(int j) const { return adv(j).difficulty + adv(j).difficulty_bonus - adv_[j].distract; }
  bool over() const { return outcome_ != Outcome::draw || pcs_up_ == 0 || advs_up_ == 0; }

  // ---- set-up -------------------------------------------------------------
  void set_up() {
    fear_ = std::min(enc_.fear_start(), opt_.fear_max);
    int rally = 0;
    for (int i = 0; i < n_pc_; ++i) rally = std::max(rally, pc(i).rally_die);
    for (int i = 0; i < n_pc_; ++i) {
      pc_[i] = PcState{0, 0, std::min(pc(i).hope_start, pc(i).hope_max), 0, false, false, false, false,
                       Until::next_action, false, 0, 0, 0, false, rally, false};
      ENCSIM_SAY(log_, "%s: Evasion %d, HP %d, Stress %d, thresholds %d/%d, %d Armor Slots, Hope %d", pname(i),
                 pc(i).evasion, pc(i).hp, pc(i).stress, pc(i).major, pc(i).severe, pc(i).armor_slots, pc_[i].hope);
      for (int k = 0; k < pc(i).prayer_dice && n_prayer_ < kMaxPrayer; ++k)
        prayer_owner_[n_prayer_] = i, prayer_[n_prayer_++] = setup_.die(4);
    }
    pcs_up_ = n_pc_;
    for (int i = 0; i < n_pc_; ++i) last_hit_by_[i] = -1;
    for (int j = 0; j < n_adv_; ++j) {
      AdvState& s = adv_[j];
      s = AdvState{0, 0, true, false, false, false, 0, 0, -1, {}};
      for (std::size_t k = 0; k < adv(j).features.size(); ++k) {
        const int u = adv(j).features[k].uses;
        s.uses[k] = u > 0 ? u : -1;
      }
    }
    advs_up_ = n_adv_;
    for (int c = 0; c < static_cast<int>(enc_.countdowns.size()); ++c) {
      cd_[c] = CdState{0, 0, false, false};
      if (enc_.countdowns[static_cast<std::size_t>(c)].active) start_countdown(c);
    }
    for (int k = 0; k < n_npc_; ++k)
      for (std::size_t f = 0; f < enc_.npcs[static_cast<std::size_t>(k)].features.size(); ++f)
        npc_uses_[k][f] = enc_.npcs[static_cast<std::size_t>(k)].features[f].uses;
    ENCSIM_SAY(log_, "The GM starts with %d Fear.", fear_);
    npc_trigger(Trigger::battle_start, -1, -1);
  }

  // ---- the party's spotlight ---------------------------------------------
  // Random among the standing PCs who have not acted this round (tactics stream).
  int next_pc() {
    int n = 0, pick = -1;
    for (int i = 0; i < n_pc_; ++i)
      if (standing(i) && !pc_[i].acted && one_in(++n)) pick = i;
    return pick;
  }

  struct View {
    const Battle* b;
    int self;
    bool is_pc;
    double var(int id) const {
      const int max = is_pc ? b->pc(self).hp : b->adv(self).hp;
      const int marked = is_pc ? b->pc_[self].hp_marked : b->adv_[self].hp_marked;
      const int allies_total = is_pc ? b->n_pc_ : b->n_adv_;
      const int allies_up = is_pc ? b->pcs_up_ : b->advs_up_;
      const int enemies_total = is_pc ? b->n_adv_ : b->n_pc_;
      const int enemies_up = is_pc ? b->advs_up_ : b->pcs_up_;
      switch (id) {
        case tactics::kSelfHp: return max - marked;
        case tactics::kSelfHpMax: return max;
        case tactics::kSelfHpFrac: return max > 0 ? static_cast<double>(max - marked) / max : 0.0;
        case tactics::kSelfHpLost: return marked;
        case tactics::kAlliesAlive: return allies_up;
        case tactics::kAlliesDown: return allies_total - allies_up;
        case tactics::kEnemiesAlive: return enemies_up;
        case tactics::kEnemiesDown: return enemies_total - enemies_up;
        case tactics::kRound: return b->round_;
        case kVarHope: return is_pc ? b->pc_[self].hope : 0;
        case kVarStress: return is_pc ? b->pc_[self].stress_marked : b->adv_[self].stress_marked;
        case kVarArmor: return is_pc ? b->pc(self).armor_slots - b->pc_[self].armor_marked : 0;
        case kVarFear: return b->fear_;
        case kVarHpMarked: return marked;
        default: return 0.0;
      }
    }
  };

  // Picks an enemy by `target`; `pc_side` says who is choosing. -1 when none.
  int select(bool pc_side, int self, Target target, const int* skip = nullptr, int n_skip = 0) {
    const int n = pc_side ? n_adv_ : n_pc_;
    auto usable = [&](int k) {
      if (pc_side ? !adv_[k].alive : !standing(k)) return false;
      for (int s = 0; s < n_skip; ++s)
        if (skip[s] == k) return false;
      return true;
    };
    auto left = [&](int k) { return pc_side ? adv_hp_left(k) : hp_left(k); };
    switch (target) {
      case Target::random: {
        if (!pc_side && gm_focus_ >= 0 && usable(gm_focus_)) return gm_focus_;  // a hard move's focus
        int count = 0, pick = -1;
        for (int k = 0; k < n; ++k)
          if (usable(k) && one_in(++count)) pick = k;
        return pick;
      }
      case Target::focus:
        if (pc_side && focus_ >= 0 && usable(focus_)) return focus_;
        break;
      case Target::last_attacker:
        if (!pc_side && self >= 0 && adv_[self].last_attacker >= 0 && usable(adv_[self].last_attacker))
          return adv_[self].last_attacker;
        if (pc_side && self >= 0 && last_hit_by_[self] >= 0 && usable(last_hit_by_[self])) return last_hit_by_[self];
        break;
      case Target::highest_hp: return best_by(n, usable, [&](int k) { return left(k); });
      case Target::weakest:
        return best_by(n, usable, [&](int k) { return pc_side ? -difficulty(k) : -evasion(k); });
      case Target::strongest:
        return best_by(n, usable, [&](int k) { return pc_side ? adv(k).damage.mean() : pc(k).primary.sides; });
      default: break;
    }
    return best_by(n, usable, [&](int k) { return -left(k); });
  }

  // Reservoir sampling on the tactics stream: the k-th candidate replaces the
  // pick with chance 1/k (the first without a draw).
  bool one_in(int k) { return k == 1 || tact_.die(k) == 1; }

  // The best by `score`; ties broken at random (reservoir, tactics stream).
  template <class Usable, class Score>
  int best_by(int n, const Usable& usable, const Score& score) {
    int best = -1, ties = 0;
    double best_score = 0.0;
    for (int k = 0; k < n; ++k) {
      if (!usable(k)) continue;
      const double s = static_cast<double>(score(k));
      if (best < 0 || s > best_score) {
        best = k, best_score = s, ties = 1;
      } else if (s == best_score && one_in(++ties)) {
        best = k;
      }
    }
    return best;
  }

  void gain_hope(int i, int n) {
    const int before = pc_[i].hope;
    pc_[i].hope = std::min(pc(i).hope_max, pc_[i].hope + n);
    res(kHopeGained) += pc_[i].hope - before;
  }
  void spend_hope(int i, int n, Resource use) {
    pc_[i].hope -= n;
    res(use) += n;
    res(kHopeSpent) += n;
    rpc(i).extra[kExtraHopeSpent] += n;
  }
  void gain_fear(int n, Resource source) {
    const int room = opt_.fear_max - fear_;
    const int got = std::min(n, room);
    fear_ += got;
    res(source) += got;
    res(kFearGained) += got;
    res(kFearWasted) += n - got;
  }
  // The GM's spending policy: a measured GM keeps a reserve and a budget.
  bool can_spend(int n) const {
    if (n <= 0) return true;
    if (fear_ < n) return false;
    if (opt_.policy == FearPolicy::greedy) return true;
    if (fear_ - n < opt_.reserve) return false;
    return within_budget(n);
  }
  bool within_budget(int n) const { return opt_.budget < 0 || fear_spent_ + n <= opt_.budget; }
  void spend(int n, Resource use) {
    fear_ -= n;
    fear_spent_ += n;
    res(use) += n;
    res(kFearSpent) += n;
  }

  // One PC spotlight. Returns true when it passes the spotlight to the GM.
  bool pc_spotlight(int i) {
    PcState& s = pc_[i];
    if (s.vulnerable && s.vuln_until == Until::next_action) s.vulnerable = false;
    // SRD Restrained: no moving, but every action from where one stands; with
    // no map every foe is in reach, so the PC fights on. It spends the
    // spotlight breaking free only when the restraint also holds it Vulnerable
    // (until: break_free), or under the old reading (`restrained`).
    if (s.restrained && (opt_.restrained_loses_spotlight || (s.vulnerable && s.vuln_until == Until::break_free)))
      return break_free(i);
    use_hope_feature_before(i);
    // Tactics: the first rule whose condition holds.
    const View view{this, i, true};
    for (const tactics::Rule& rule : pc(i).rules) {
      if (!rule.when.holds(view)) continue;
      const bool secondary = rule.action == kAttackSecondary;
      if (secondary && !pc(i).secondary.present) continue;
      const int t = select(true, i, rule.target);
      if (t < 0) return false;
      return pc_attack(i, t, secondary ? pc(i).secondary : pc(i).primary, false);
    }
    const int t = select(true, i, Target::lowest_hp);
    return t >= 0 && pc_attack(i, t, pc(i).primary, false);
  }

  bool break_free(int i) {
    int total = 0;
    const RollResult r = action_roll(i, pc(i).traits[static_cast<std::size_t>(Trait::strength)], 0,
                                     pc_[i].restrain_difficulty, &total, false);
    const bool ok = r == RollResult::crit || r == RollResult::success_hope || r == RollResult::success_fear;
    ENCSIM_SAY(log_, "%s tries to break free: %d vs %d: %s", pname(i), total, pc_[i].restrain_difficulty,
               ok ? "free" : "still Restrained");
    if (ok) {
      pc_[i].restrained = false;
      if (pc_[i].vulnerable && pc_[i].vuln_until == Until::break_free) pc_[i].vulnerable = false;
    }
    return passes(r);
  }

  static bool passes(RollResult r) { return r != RollResult::crit && r != RollResult::success_hope; }
  static bool succeeded(RollResult r) {
    return r == RollResult::crit || r == RollResult::success_hope || r == RollResult::success_fear;
  }

  // The duality roll with its Hope/Fear bookkeeping, Strange Patterns and the
  // countdowns. `net_adv` counts advantage dice minus disadvantage dice.
  RollResult action_roll(int i, int modifier, int net_adv, int target_difficulty, int* total, bool attack) {
    int h = 0, f = 0;
    RollResult r = roll_and_say(i, modifier, net_adv, target_difficulty, total, &h, &f);
    if (r == RollResult::failure_fear || r == RollResult::failure_hope) r = rescue(i, r, target_difficulty, total);
    ++res(kActionRolls);
    if (r == RollResult::crit) ++res(kCriticals);
    roll_gains(i, r);
    strange_patterns(i, h, f);
    after_roll(i, r, attack);
    return r;
  }

  RollResult roll_and_say(int i, int modifier, int net_adv, int target_difficulty, int* total, int* h, int* f) {
    const RollResult r = duality_roll(dice_, modifier, net_adv, target_difficulty, total, h, f);
    ENCSIM_SAY(log_, "  %s rolls Hope %d, Fear %d %+d%s = %d vs %d: %s", pname(i), *h, *f, modifier,
               net_adv > 0 ? " + advantage" : net_adv < 0 ? " - disadvantage" : "", *total, target_difficulty,
               result_name(r));
    return r;
  }

  // What a roll's result gives the PC who rolled it (or each PC of a Tag Team).
  void roll_gains(int i, RollResult r) {
    if (r == RollResult::crit) {
      gain_hope(i, 1);
      if (pc_[i].stress_marked > 0) --pc_[i].stress_marked;
    } else if (r == RollResult::success_hope || r == RollResult::failure_hope) {
      gain_hope(i, 1);
    } else {
      gain_fear(1, kFearGainedRolls);
    }
  }

  void strange_patterns(int i, int h, int f) {
    if (pc(i).strange_patterns == 0 || (h != pc(i).strange_patterns && f != pc(i).strange_patterns)) return;
    if (pc_[i].stress_marked > 0) {
      --pc_[i].stress_marked;
      ENCSIM_SAY(log_, "  Strange Patterns: %s clears a Stress", pname(i));
    } else {
      gain_hope(i, 1);
      ENCSIM_SAY(log_, "  Strange Patterns: %s gains a Hope", pname(i));
    }
  }

  void after_roll(int i, RollResult r, bool attack) {
    // Seed 000, "Choosing GM moves": a failure with Fear calls for a hard move.
    hard_focus_ = opt_.hard_moves && r == RollResult::failure_fear ? i : -1;
    if (r == RollResult::failure_fear) adversary_reaction_all(Trigger::pc_fail_with_fear, i);
    advance_countdowns(r, attack, true);
  }

  // SRD "Tag Team Rolls": both PCs roll, one result stands for both (the
  // better: the RollResult order, the initiator's on a tie); on a roll with
  // Hope each gains a Hope, with Fear the GM gains one per PC; it is one action
  // roll for countdowns. No Experience, help, Rally or Prayer Die joins it.
  RollResult tag_team_roll(int i, int k, int mod_i, int net_i, int net_k, int difficulty_needed, int* total) {
    const PcWeapon& wk = pc(k).primary;
    const int mod_k = pc(k).traits[static_cast<std::size_t>(wk.trait)] + wk.attack_bonus + pc_[k].attack_bonus;
    int tk = 0, hi = 0, fi = 0, hk = 0, fk = 0;
    const RollResult ri = roll_and_say(i, mod_i, net_i, difficulty_needed, total, &hi, &fi);
    const RollResult rk = roll_and_say(k, mod_k, net_k, difficulty_needed, &tk, &hk, &fk);
    const bool take_k = static_cast<int>(rk) < static_cast<int>(ri);
    const RollResult r = take_k ? rk : ri;
    if (take_k) *total = tk;
    ENCSIM_SAY(log_, "  Tag Team: %s's roll stands for both: %s", pname(take_k ? k : i), result_name(r));
    ++res(kActionRolls);
    if (r == RollResult::crit) ++res(kCriticals);
    roll_gains(i, r);
    roll_gains(k, r);
    strange_patterns(i, hi, fi);
    strange_patterns(k, hk, fk);
    after_roll(i, r, true);
    return r;
  }

  // Tag Team policy: once per fight (the SRD's once per session, a fight
  // being the session here), a PC holding at least `tag_team_min_hope` Hope
  // when it attacks (after its class feature's moment) spends 3 and attacks
  // with the standing ally whose primary weapon deals the most on average.
  int tag_team_partner(int i) {
    if (!opt_.tag_team || pc_[i].tag_team_used || pc_[i].hope < std::max(3, opt_.tag_team_min_hope)) return -1;
    return best_by(
        n_pc_, [&](int k) { return k != i && standing(k); },
        [&](int k) {
          const PcWeapon& w = pc(k).primary;
          return pc(k).proficiency * (w.sides + 1) / 2.0 + w.flat + w.damage_bonus;
        });
  }

  // After a failed roll: a Rally Die or a Seraph's Prayer Die that makes up the shortfall.
  RollResult rescue(int i, RollResult r, int difficulty_needed, int* total) {
    const int short_by = difficulty_needed - *total;
    const RollResult ok = r == RollResult::failure_hope ? RollResult::success_hope : RollResult::success_fear;
    if (pc_[i].rally > 0 && short_by <= pc_[i].rally) {
      const int d = dice_.die(pc_[i].rally);
      pc_[i].rally = 0;
      *total += d;
      ENCSIM_SAY(log_, "  %s spends the Rally Die: +%d = %d", pname(i), d, *total);
      if (*total >= difficulty_needed) return ok;
    }
    int best = -1;
    for (int k = 0; k < n_prayer_; ++k)
      if (standing(prayer_owner_[k]) && prayer_[k] >= difficulty_needed - *total &&
          (best < 0 || prayer_[k] < prayer_[best]))
        best = k;
    if (best >= 0) {
      *total += prayer_[best];
      ENCSIM_SAY(log_, "  a Prayer Die adds %d = %d", prayer_[best], *total);
      --n_prayer_;
      prayer_[best] = prayer_[n_prayer_];
      prayer_owner_[best] = prayer_owner_[n_prayer_];
      return ok;
    }
    return r;
  }

  static const char* result_name(RollResult r) {
    switch (r) {
      case RollResult::crit: return "critical success";
      case RollResult::success_hope: return "success with Hope";
      case RollResult::success_fear: return "success with Fear";
      case RollResult::failure_hope: return "failure with Hope";
      default: return "failure with Fear";
    }
  }

  // Class Hope features used at the start of the PC's spotlight.
  void use_hope_feature_before(int i) {
    const Pc& p = pc(i);
    PcState& s = pc_[i];
    if (!opt_.hope_features || s.hope < 3) return;
    switch (p.hope) {
      case HopeKind::attack_bonus:
        if (s.attack_bonus == 0) {
          spend_hope(i, 3, kHopeSpentFeatures);
          s.attack_bonus = p.hope_value;
          ENCSIM_SAY(log_, "%s spends 3 Hope: +%d to attack rolls for the fight", pname(i), p.hope_value);
        }
        break;
      case HopeKind::clear_armor:
        if (s.armor_marked >= p.hope_value) {
          spend_hope(i, 3, kHopeSpentFeatures);
          s.armor_marked -= p.hope_value;
          ENCSIM_SAY(log_, "%s spends 3 Hope to clear %d Armor Slots", pname(i), p.hope_value);
        }
        break;
      case HopeKind::evasion_bonus:
        if (s.evasion_bonus == 0) {
          spend_hope(i, 3, kHopeSpentFeatures);
          s.evasion_bonus = p.hope_value;
          ENCSIM_SAY(log_, "%s spends 3 Hope: +%d Evasion until hit", pname(i), p.hope_value);
        }
        break;
      case HopeKind::heal_ally: {
        // A downed (not dead) ally first: clearing an HP wakes them; else the most hurt.
        int best = -1, best_score = 0;
        for (int k = 0; k < n_pc_; ++k) {
          if (k == i || pc_[k].dead || pc_[k].hp_marked == 0) continue;
          const int score = pc_[k].out ? 100 : (hp_left(k) <= 2 ? 10 - hp_left(k) : 0);
          if (score > best_score) best = k, best_score = score;
        }
        if (best >= 0) {
          spend_hope(i, 3, kHopeSpentFeatures);
          clear_hp(best, p.hope_value);
          ENCSIM_SAY(log_, "%s spends 3 Hope to clear %d HP on %s", pname(i), p.hope_value, pname(best));
        }
        break;
      }
      default: break;
    }
  }

  void clear_hp(int i, int n) {
    PcState& s = pc_[i];
    s.hp_marked = std::max(0, s.hp_marked - n);
    if (s.vulnerable && s.vuln_until == Until::clear_hp) s.vulnerable = false;
    if (s.out && !s.dead) {
      s.out = false;
      ++pcs_up_;
      rpc(i).down = false;
      ENCSIM_SAY(log_, "  %s returns to consciousness", pname(i));
    }
  }

  // A PC's attack with a weapon. Returns true when the spotlight passes to the GM.
  bool pc_attack(int i, int t, const PcWeapon& w, bool blaze) {
    const Pc& p = pc(i);
    PcState& s = pc_[i];
    ++rpc(i).actions;
    ++rpc(i).attacks;
    focus_ = t;
    adv_[t].last_attacker = i;
    if (p.hope == HopeKind::distract && opt_.hope_features && s.hope >= 3 && adv_[t].distract == 0 && !blaze) {
      spend_hope(i, 3, kHopeSpentFeatures);
      adv_[t].distract = p.hope_value;
      ENCSIM_SAY(log_, "%s spends 3 Hope to Distract %s: Difficulty -%d", pname(i), aname(t), p.hope_value);
    }
    RollResult r = RollResult::crit;
    int total = 0;
    int partner = -1;  // a Tag Team's second PC
    if (blaze) {
      ENCSIM_SAY(log_, "%s goes out in a blaze of glory against %s: an automatic critical success", pname(i), aname(t));
    } else {
      int modifier = p.traits[static_cast<std::size_t>(w.trait)] + w.attack_bonus + s.attack_bonus;
      const int target_net = (adv_[t].vulnerable ? 1 : 0) - (adv_[t].hidden ? 1 : 0);
      int net = target_net;
      if (s.advantage_next) net += 1, s.advantage_next = false;
      partner = tag_team_partner(i);
      if (partner >= 0) {
        s.tag_team_used = true;
        spend_hope(i, 3, kHopeSpentTagTeam);
        ++rpc(partner).attacks;
        ENCSIM_SAY(log_, "  %s spends 3 Hope on a Tag Team roll with %s", pname(i), pname(partner));
        r = tag_team_roll(i, partner, modifier, net, target_net, difficulty(t), &total);
      } else {
        if (p.experience > 0 && s.hope >= std::max(1, opt_.experience_min_hope)) {
          spend_hope(i, 1, kHopeSpentExperiences);
          modifier += p.experience;
          ENCSIM_SAY(log_, "  %s spends a Hope on an Experience (+%d)", pname(i), p.experience);
        }
        const int helper = pick_helper(i);
        if (helper >= 0) {
          spend_hope(helper, 1, kHopeSpentHelp);
          net += 1;
          ENCSIM_SAY(log_, "  %s spends a Hope to help (advantage)", pname(helper));
        }
        r = action_roll(i, modifier, net, difficulty(t), &total, true);
      }
      if (over()) return false;               // a countdown ended the fight
      if (!standing(i)) return passes(r);     // ... or took this PC out before the blow landed
    }
    if (!succeeded(r)) {
      ENCSIM_SAY(log_, "%s misses %s", pname(i), aname(t));
      npc_trigger(Trigger::pc_attack_failed, i, -1);
      return passes(r);
    }
    ++rpc(i).hits;
    const bool crit = r == RollResult::crit;
    if (crit) ++rpc(i).crits;
    // What the roll beats: a critical succeeds whatever its total (SRD, action
    // rolls), so it beats every Difficulty for Hold Them Off and Minion spillover.
    const int beats = crit ? kBeatsAny : total;
    // Hold Them Off: the same roll against more adversaries.
    int targets[4] = {t, -1, -1, -1};
    int n_targets = 1;
    if (p.hope == HopeKind::extra_targets && opt_.hope_features && s.hope >= 3 && !blaze) {
      int extra[4] = {t, -1, -1, -1};
      int n_extra = 1;
      for (int k = 0; k < p.hope_value && n_extra < 4; ++k) {
        const int u = select(true, i, Target::lowest_hp, extra, n_extra);
        if (u < 0 || difficulty(u) > beats) break;
        extra[n_extra++] = u;
      }
      if (n_extra > 1) {
        spend_hope(i, 3, kHopeSpentFeatures);
        for (int k = 1; k < n_extra; ++k) targets[n_targets++] = extra[k];
        ENCSIM_SAY(log_, "  %s spends 3 Hope: the roll also hits %d more", pname(i), n_extra - 1);
      }
    }
    int dmg = roll_pc_damage(i, w, crit, targets[0]) + sneak_attack(i, crit);
    if (w.stress_on_hit) mark_stress(i, 1);
    DamageType type = w.type;
    int target_stress = w.target_stress;
    if (partner >= 0) {
      // A Tag Team attack: both roll damage, summed into one source; the
      // players pick the type, the partner's when the target shrugs off less of it.
      const PcWeapon& wk = pc(partner).primary;
      ++rpc(partner).hits;
      if (crit) ++rpc(partner).crits;
      dmg += roll_pc_damage(partner, wk, crit, targets[0]) + sneak_attack(partner, crit);
      if (wk.stress_on_hit) mark_stress(partner, 1);
      if (shrugs_off(targets[0], wk.type) < shrugs_off(targets[0], w.type)) type = wk.type;
      target_stress += wk.target_stress;
      ENCSIM_SAY(log_, "  Tag Team: %d damage together", dmg);
    }
    // One blow against every target: it lands on each even once the fight is
    // decided, so what it sets off is counted.
    for (int k = 0; k < n_targets; ++k) {
      const int u = targets[k];
      if (!adv_[u].alive) continue;
      if (target_stress > 0) adv_mark_stress(u, target_stress);
      damage_adversary(i, u, dmg, type, w.range == Range::melee, beats);
    }
    if (blaze) return false;
    return passes(r);
  }

  // Sneak Attack's d6s join the damage roll, so a critical adds their maximum
  // too (SRD: critical damage adds every damage die's maximum).
  int sneak_attack(int i, bool crit) {
    const Pc& p = pc(i);
    if (p.sneak_attack_dice == 0 || !sneak_ok(i)) return 0;
    int extra = crit ? 6 * p.sneak_attack_dice : 0;
    for (int n = 0; n < p.sneak_attack_dice; ++n) extra += dice_.die(6);
    ENCSIM_SAY(log_, "  Sneak Attack: +%d%s", extra, crit ? " (critical)" : "");
    return extra;
  }
  // 2 immune, 1 resistant, 0 neither.
  int shrugs_off(int j, DamageType type) const {
    return (adv(j).immune & type_bit(type)) ? 2 : (adv(j).resist & type_bit(type)) ? 1 : 0;
  }

  bool sneak_ok(int i) const {
    if (!opt_.sneak_attack_needs_melee_ally) return true;
    for (int k = 0; k < n_pc_; ++k)
      if (k != i && standing(k) && pc(k).primary.range == Range::melee) return true;
    return false;
  }

  // The ally with the most Hope at or above the policy's line helps.
  int pick_helper(int i) const {
    int best = -1;
    for (int k = 0; k < n_pc_; ++k)
      if (k != i && standing(k) && pc_[k].hope >= std::max(1, opt_.help_min_hope) &&
          (best < 0 || pc_[k].hope > pc_[best].hope))
        best = k;
    return best;
  }

  // Proficiency dice (Powerful: one more, drop the lowest; Brutal: a maximum
  // adds a die) plus the flat part; a critical adds the dice's maximum.
  int roll_pc_damage(int i, const PcWeapon& w, bool crit, int t) {
    const Pc& p = pc(i);
    const int n = p.proficiency;
    std::array<int, 16> d{};
    const int rolled = std::min(15, n + (w.powerful ? 1 : 0));
    for (int k = 0; k < rolled; ++k) d[static_cast<std::size_t>(k)] = dice_.die(w.sides);
    if (w.powerful) {  // drop the lowest
      int lo = 0;
      for (int k = 1; k < rolled; ++k)
        if (d[static_cast<std::size_t>(k)] < d[static_cast<std::size_t>(lo)]) lo = k;
      d[static_cast<std::size_t>(lo)] = d[static_cast<std::size_t>(rolled - 1)];
    }
    int sum = 0;
    for (int k = 0; k < n; ++k) sum += d[static_cast<std::size_t>(k)];
    // Volatile Magic: reroll the dice below average when the hit would not reach the Major threshold.
    if (p.hope == HopeKind::reroll_damage && opt_.hope_features && w.type == DamageType::magic && pc_[i].hope >= 3 &&
        !adv(t).minion && sum + w.flat + w.damage_bonus < adv(t).major) {
      spend_hope(i, 3, kHopeSpentFeatures);
      sum = 0;
      for (int k = 0; k < n; ++k) {
        int& x = d[static_cast<std::size_t>(k)];
        if (2 * x < w.sides + 1) x = dice_.die(w.sides);
        sum += x;
      }
      ENCSIM_SAY(log_, "  %s spends 3 Hope to reroll low damage dice", pname(i));
    }
    if (w.brutal)
      for (int k = 0, extra = 0; k < n + extra && k < 12; ++k) {
        const int x = k < n ? d[static_cast<std::size_t>(k)] : dice_.die(w.sides);
        if (k >= n) sum += x;
        if (x == w.sides) ++extra;
      }
    int total = sum + w.flat + w.damage_bonus + (crit ? n * w.sides : 0);
    ENCSIM_SAY(log_, "  damage %dd%d%+d%s = %d", n, w.sides, w.flat + w.damage_bonus, crit ? " + critical" : "", total);
    return total;
  }

  int severity(int dmg, int major, int severe) const {
    if (dmg <= 0) return 0;
    if (severe > 0 && opt_.massive_damage && dmg >= 2 * severe) return 4;
    if (severe > 0 && dmg >= severe) return 3;
    if (major > 0 && dmg >= major) return 2;
    return 1;
  }

  // Damage to an adversary: resistance, thresholds (Minions fall to any
  // damage and spill over), and the reactions it sets off.
  void damage_adversary(int from, int j, int dmg, DamageType type, bool melee, int roll_total) {
    const Adversary& a = adv(j);
    if (!adv_[j].alive) return;
    if (a.immune & type_bit(type)) {
      ENCSIM_SAY(log_, "  %s is immune", aname(j));
      return;
    }
    if (a.resist & type_bit(type)) dmg /= 2;
    if (!a.damage_reduction.is_constant() || a.damage_reduction.flat() != 0)
      if (a.reduction_types == 0 || (a.reduction_types & type_bit(type))) dmg -= a.damage_reduction.roll(dice_);
    if (dmg <= 0) return;
    if (a.minion > 0) {
      defeat(j, from);
      ENCSIM_SAY(log_, "  %s (Minion) is defeated", aname(j));
      if (from >= 0) {
        rpc(from).damage_dealt += 1;
        radv(j).damage_taken += 1;
      }
      for (int spill = dmg / a.minion; spill > 0; --spill) {
        int pick = -1;
        for (int k = 0; k < n_adv_ && pick < 0; ++k)
          if (adv_[k].alive && adv(k).minion > 0 && (opt_.minion_spill_any_kind || adv(k).kind == a.kind) &&
              difficulty(k) <= roll_total)
            pick = k;
        if (pick < 0) break;
        defeat(pick, from);
        if (from >= 0) {
          rpc(from).damage_dealt += 1;
          radv(pick).damage_taken += 1;
        }
        ENCSIM_SAY(log_, "  ... and the damage spills over to %s", aname(pick));
      }
      return;
    }
    int marks = severity(dmg, a.major, a.severe);
    if (a.severe == 0 && marks > 2) marks = a.major > 0 ? 2 : 1;
    if (a.extra_hp_from & type_bit(type)) ++marks;
    marks = std::min(marks, adv_hp_left(j));
    adv_[j].hp_marked += marks;
    if (from >= 0) rpc(from).damage_dealt += marks;
    radv(j).damage_taken += marks;
    ENCSIM_SAY(log_, "  %d damage to %s (thresholds %d/%d): marks %d HP, %d left", dmg, aname(j), a.major, a.severe,
               marks, adv_hp_left(j));
    if (melee && from >= 0 && a.retaliate_stress > 0 && marks <= a.retaliate_max_hp) {
      ENCSIM_SAY(log_, "  %s's riposte: %s marks %d Stress", aname(j), pname(from), a.retaliate_stress);
      mark_stress(from, a.retaliate_stress);
    }
    if (adv_hp_left(j) <= 0) {
      defeat(j, from);
      ENCSIM_SAY(log_, "  %s is defeated", aname(j));
      adversary_reaction(j, Trigger::defeated, from, dmg);
      return;
    }
    if (marks >= 3 || (a.severe > 0 && dmg >= a.severe)) adversary_reaction(j, Trigger::severe, from, dmg);
    adversary_reaction(j, Trigger::marks_hp, from, dmg, marks);
    if (melee && from >= 0) adversary_reaction(j, Trigger::damaged_in_melee, from, dmg);
  }

  void defeat(int j, int from) {
    (void)from;
    if (!adv_[j].alive) return;
    adv_[j].alive = false;
    --advs_up_;
    radv(j).down = radv(j).dead = true;
    // The side that falls first loses, whatever the blow still sets off
    // (a Death Quake that downs the last PC; a blaze that takes the last foe).
    if (advs_up_ == 0 && outcome_ == Outcome::draw) outcome_ = Outcome::party_win;
    start_countdowns_on(Countdown::StartOn::adversary_defeated);
  }

  // Scene events that start countdowns (`start_on`).
  void start_countdowns_on(Countdown::StartOn event) {
    for (int c = 0; c < static_cast<int>(enc_.countdowns.size()); ++c) {
      const Countdown& cd = enc_.countdowns[static_cast<std::size_t>(c)];
      if (cd.start_on == event && !cd_[c].started && (event != Countdown::StartOn::round || cd.start_round == round_))
        start_countdown(c);
    }
  }

  void adv_mark_stress(int j, int n) {
    const int room = adv(j).stress - adv_[j].stress_marked;
    adv_[j].stress_marked += std::min(n, room);
    if (n > room && adv_[j].alive) {  // Stress that cannot be marked becomes an HP
      adv_[j].hp_marked += 1;
      radv(j).damage_taken += 1;
      if (adv_hp_left(j) <= 0) {
        defeat(j, -1);
        adversary_reaction(j, Trigger::defeated, -1, 0);
      }
    }
  }

  // ---- damage to PCs ------------------------------------------------------
  void mark_stress(int i, int n) {
    for (int k = 0; k < n && standing(i); ++k) {
      if (pc_[i].stress_marked < pc(i).stress) {
        ++pc_[i].stress_marked;
        ++rpc(i).extra[kExtraStressMarked];
        ++res(kPartyStressMarked);
      } else {
        ENCSIM_SAY(log_, "  %s cannot mark a Stress: marks an HP", pname(i));
        mark_hp(i, 1, -1);  // Stress that cannot be marked becomes an HP
      }
    }
  }

  // Damage against thresholds, an Armor Slot by policy, then HP.
  int damage_pc(int i, int dmg, DamageType type, bool direct, bool shred, int from) {
    const Pc& p = pc(i);
    PcState& s = pc_[i];
    if (p.immune & type_bit(type)) return 0;
    if (p.resist & type_bit(type)) dmg /= 2;
    if (shred) {
      if (s.armor_marked < p.armor_slots) {
        ++s.armor_marked;
        ++rpc(i).extra[kExtraArmorUsed];
        ++res(kArmorSlotsUsed);
        ENCSIM_SAY(log_, "  %s must mark an Armor Slot to no benefit", pname(i));
        check_all_armor_marked();
      } else {
        ENCSIM_SAY(log_, "  %s has no Armor Slot left to mark: marks an HP", pname(i));
        mark_hp(i, 1, from);
        if (!standing(i)) return 1;
      }
    }
    int marks = severity(dmg, p.major, p.severe);
    bool use_armor = false;
    if (!direct && marks > 0 && s.armor_marked < p.armor_slots) {
      switch (p.armor_policy) {
        case ArmorPolicy::always: use_armor = true; break;
        case ArmorPolicy::major_or_worse: use_armor = marks >= 2; break;
        case ArmorPolicy::lethal: use_armor = marks >= hp_left(i); break;
        case ArmorPolicy::never: break;
      }
    }
    if (use_armor) {
      --marks;
      ++s.armor_marked;
      ++rpc(i).extra[kExtraArmorUsed];
      ++res(kArmorSlotsUsed);
    }
    ENCSIM_SAY(log_, "  %d%s damage to %s (thresholds %d/%d)%s: marks %d HP", dmg, direct ? " direct" : "", pname(i),
               p.major, p.severe, use_armor ? ", an Armor Slot marked" : "", marks);
    mark_hp(i, marks, from);
    if (use_armor) check_all_armor_marked();
    return marks;
  }

  void mark_hp(int i, int marks, int from) {
    if (marks <= 0 || !standing(i)) return;
    if (hp_left(i) <= 0) {  // standing on no HP (a Risk It All tie, a blaze): the move again
      if (blazing_ == 0) death_move(i, from);
      return;
    }
    marks = std::min(marks, hp_left(i));
    pc_[i].hp_marked += marks;
    rpc(i).damage_taken += marks;
    rpc(i).extra[kExtraHpMarked] += marks;
    res(kPartyHpMarked) += marks;
    if (from >= 0) radv(from).damage_dealt += marks;
    if (hp_left(i) <= 0) death_move(i, from);
  }

  void death_move(int i, int from) {
    PcState& s = pc_[i];
    CombatantRecord& r = rpc(i);
    r.extra[kExtraDeathMove] = 1;
    switch (pc(i).death_move) {
      case DeathMove::avoid_death: {
        r.extra[kExtraAvoid] = 1;
        const int die = dice_.die(12);
        const bool scar = die <= pc(i).level;
        ENCSIM_SAY(log_, "  %s marks their last HP: Avoid Death, unconscious (Hope die %d%s)", pname(i), die,
                   scar ? ": a scar" : "");
        if (scar) {
          r.extra[kExtraScar] = 1;
          ++res(kScars);
        }
        knock_out(i, false);
        return;
      }
      case DeathMove::blaze_of_glory: {
        r.extra[kExtraBlaze] = 1;
        ENCSIM_SAY(log_, "  %s marks their last HP: Blaze of Glory", pname(i));
        // One last action, an automatic critical, then death. With every HP
        // marked, nothing that answers the blaze can mark more.
        const int t = from >= 0 && adv_[from].alive ? from : select(true, i, Target::lowest_hp);
        ++blazing_;
        if (t >= 0) pc_attack(i, t, pc(i).primary, true);
        --blazing_;
        knock_out(i, true);
        return;
      }
      case DeathMove::risk_it_all: {
        r.extra[kExtraRisk] = 1;
        const int h = dice_.die(12), f = dice_.die(12);
        if (h > f) {
          int clear = h;
          const int hp = std::min(clear, s.hp_marked);
          s.hp_marked -= hp;
          clear -= hp;
          s.stress_marked = std::max(0, s.stress_marked - clear);
          ENCSIM_SAY(log_, "  %s Risks It All: Hope %d > Fear %d, clears %d HP and stays up", pname(i), h, f, hp);
        } else if (h < f) {
          ENCSIM_SAY(log_, "  %s Risks It All: Hope %d < Fear %d, and dies", pname(i), h, f);
          knock_out(i, true);
        } else if (opt_.risk_it_all_tie_clears_all) {
          s.hp_marked = 0;
          s.stress_marked = 0;
          ENCSIM_SAY(log_, "  %s Risks It All: matching dice, clears every HP and Stress", pname(i));
        } else {
          // SRD 1.0: stays up and clears nothing; the next HP they must mark
          // calls for another death move.
          ENCSIM_SAY(log_, "  %s Risks It All: matching dice, stays up with every HP marked", pname(i));
        }
        return;
      }
    }
  }

  void knock_out(int i, bool dead) {
    PcState& s = pc_[i];
    if (!s.out) start_countdowns_on(Countdown::StartOn::pc_down);
    if (!s.out) --pcs_up_;
    if (pcs_up_ == 0 && outcome_ == Outcome::draw) outcome_ = Outcome::foes_win;
    s.out = true;
    s.dead = s.dead || dead;
    rpc(i).down = true;
    rpc(i).dead = s.dead;
  }

  void check_all_armor_marked() {
    for (int i = 0; i < n_pc_; ++i)
      if (standing(i) && pc_[i].armor_marked < pc(i).armor_slots) return;
    npc_trigger(Trigger::all_armor_marked, -1, -1);
  }

  // ---- the GM's turn ------------------------------------------------------
  void gm_turn() {
    pc_streak_ = 0;
    free_bonus_ = 0;
    ++res(kGmTurns);
    for (int j = 0; j < n_adv_; ++j) adv_[j].spotlights = 0;
    const int hard = hard_focus_ >= 0 && standing(hard_focus_) ? hard_focus_ : -1;
    hard_focus_ = -1;
    advance_countdowns(RollResult::crit, false, false);
    if (over()) return;
    // Seed 000: harder moves on rolls with Fear; a failure with Fear makes the
    // PC "the focus of multiple adversaries". So after one, every adversary
    // whose target is the GM's free choice (random) attacks that PC, and the GM
    // buys a second spotlight even below its reserve and cap (not past a
    // budget). Other turns follow the spending policy alone.
    gm_focus_ = hard;
    if (hard >= 0) {
      ENCSIM_SAY(log_, "GM turn (Fear %d): a hard move, %s is the focus", fear_, pname(hard));
    } else {
      ENCSIM_SAY(log_, "GM turn (Fear %d)", fear_);
    }
    int taken = 0, free_left = 1;
    const int cap = opt_.policy == FearPolicy::greedy ? 1 << 20 : opt_.max_spotlights;
    // What spotlighting j costs now: the turn's free one (never for Ramp Up),
    // a free one bought by a feature (Tactician), else a Fear within the cap.
    auto cost = [&](int j) { return (free_left > 0 && !adv(j).ramp_up) ? 0 : 1; };
    auto affordable = [&](int j) {
      if (cost(j) == 0 || (free_bonus_ > 0 && !adv(j).ramp_up)) return true;
      if (hard >= 0 && taken < 2) return fear_ >= 1 && within_budget(1);
      return taken < cap && can_spend(1);
    };
    while (!over()) {
      const int j = next_adversary(affordable);
      if (j < 0) break;
      if (cost(j) == 0) {
        --free_left;
      } else if (free_bonus_ > 0 && !adv(j).ramp_up) {
        --free_bonus_;
      } else {
        spend(1, kFearSpentSpotlights);
      }
      ++taken;
      spotlight(j);
    }
    free_bonus_ = 0;
    gm_focus_ = -1;
  }

  // Next to act: random among those spotlighted least this turn (so a
  // Relentless adversary comes back round rather than taking the whole turn).
  template <class Affordable>
  int next_adversary(const Affordable& affordable) {
    auto ready = [&](int j) { return adv_[j].alive && adv_[j].spotlights < adv(j).relentless && affordable(j); };
    int least = 1 << 20;
    for (int j = 0; j < n_adv_; ++j)
      if (ready(j)) least = std::min(least, adv_[j].spotlights);
    int n = 0, pick = -1;
    for (int j = 0; j < n_adv_; ++j)
      if (ready(j) && adv_[j].spotlights == least && one_in(++n)) pick = j;
    return pick;
  }

  void spotlight(int j) {
    AdvState& s = adv_[j];
    ++s.spotlights;
    ++res(kAdversarySpotlights);
    ++radv(j).extra[kExtraSpotlights];
    ++radv(j).actions;
    s.distract = 0;
    s.vulnerable = false;
    adversary_reaction(j, Trigger::spotlight, -1, 0);
    if (over()) return;
    if (s.restrained && opt_.restrained_loses_spotlight) {  // the old reading; by default it acts in place
      s.restrained = false;
      ENCSIM_SAY(log_, "%s spends its spotlight breaking free", aname(j));
      return;
    }
    const View view{this, j, false};
    for (const tactics::Rule& rule : adv(j).rules) {
      if (!rule.when.holds(view)) continue;
      if (rule.action == kFeature) {
        const int f = rule.arg_id;
        if (!feature_usable(j, f)) continue;
        use_action_feature(j, f, rule.target);
        return;
      }
      standard_attack(j, rule.target);
      return;
    }
    standard_attack(j, Target::random);
  }

  bool feature_usable(int j, int f) const {
    const Feature& ft = adv(j).features[static_cast<std::size_t>(f)];
    const AdvState& s = adv_[j];
    if (!ft.modelled || ft.kind != Feature::Kind::action) return false;
    if (s.uses[static_cast<std::size_t>(f)] == 0) return false;
    if (ft.stress > adv(j).stress - s.stress_marked) return false;
    if (ft.hp > 0 && ft.hp >= adv_hp_left(j)) return false;  // never its last HP
    if (!can_spend(ft.fear)) return false;
    const Effect& e = ft.effect;
    switch (e.kind) {
      case Effect::Kind::group_attack: {
        int n = 0;
        for (int k = 0; k < n_adv_; ++k) n += adv_[k].alive && adv(k).kind == adv(j).kind;
        return n >= 2;
      }
      case Effect::Kind::spotlight: {
        for (int k = 0; k < n_adv_; ++k)
          if (k != j && adv_[k].alive && adv_[k].spotlights == 0) return true;
        return false;
      }
      case Effect::Kind::hide: return !s.hidden;
      case Effect::Kind::heal: return (e.clear_hp > 0 && s.hp_marked > 0) || (e.clear_stress > 0 && s.stress_marked > 0);
      default: break;
    }
    if (e.only_vulnerable) {
      for (int i = 0; i < n_pc_; ++i)
        if (standing(i) && vulnerable(i)) return true;
      return false;
    }
    return true;
  }

  void pay(int j, const Feature& ft) {
    if (ft.fear > 0) spend(ft.fear, kFearSpentFeatures);
    if (ft.stress > 0) adv_[j].stress_marked += ft.stress;
    if (ft.hp > 0) adv_[j].hp_marked += ft.hp;
  }

  void use_action_feature(int j, int f, Target target) {
    const Feature& ft = adv(j).features[static_cast<std::size_t>(f)];
    int& uses = adv_[j].uses[static_cast<std::size_t>(f)];
    if (uses > 0) --uses;
    pay(j, ft);
    ++radv(j).extra[kExtraFeaturesUsed];
    ENCSIM_SAY(log_, "%s uses %s", aname(j), ft.name.c_str());
    if (ft.countdown >= 0) start_countdown(ft.countdown);
    run_effect(j, ft.effect, target, -1, 0);
  }

  // The standard attack (Ramp Up: against everyone it reaches).
  void standard_attack(int j, Target target) {
    const Adversary& a = adv(j);
    Effect e;
    e.kind = Effect::Kind::attack;
    e.standard_damage = true;
    e.type = a.type_of_damage;
    e.direct = a.direct;
    e.targets = a.ramp_up ? area_count(a.range) : 1;
    ENCSIM_SAY(log_, "%s attacks with %s", aname(j), a.attack_name.c_str());
    run_effect(j, e, target, -1, 0);
  }

  int area_count(Range r) const {
    switch (r) {
      case Range::melee: return 1;
      case Range::very_close: return opt_.area_very_close;
      case Range::close: return opt_.area_close;
      default: return opt_.area_far;
    }
  }

  // An adversary's effect on PCs. `attacker` is the PC that set off a
  // reaction (targets: attacker), `taken` the damage it dealt.
  void run_effect(int j, const Effect& e, Target target, int attacker, int taken) {
    const Adversary& a = adv(j);
    if (e.roll_difficulty > 0 && !adversary_action_roll(j, e.roll_difficulty)) return;
    switch (e.kind) {
      case Effect::Kind::gain_fear:
        gain_fear(e.gain_fear, kFearGainedFeatures);
        ENCSIM_SAY(log_, "  the GM gains %d Fear (%d)", e.gain_fear, fear_);
        return;
      case Effect::Kind::heal:
        adv_[j].hp_marked = std::max(0, adv_[j].hp_marked - e.clear_hp);
        adv_[j].stress_marked = std::max(0, adv_[j].stress_marked - e.clear_stress);
        return;
      case Effect::Kind::hide:
        adv_[j].hidden = true;
        return;
      case Effect::Kind::spotlight:
        free_bonus_ += e.allies.roll(dice_);
        ENCSIM_SAY(log_, "  %d more adversaries may act this GM turn", free_bonus_);
        return;
      case Effect::Kind::group_attack: {
        const int t = select(false, j, target);
        if (t < 0) return;
        int members = 0;
        for (int k = 0; k < n_adv_; ++k)
          if (adv_[k].alive && adv(k).kind == a.kind) {
            ++members;
            if (k != j) adv_[k].spotlights = std::max(adv_[k].spotlights, adv(k).relentless);
          }
        ENCSIM_SAY(log_, "  %d of them attack %s together", members, pname(t));
        attack_pcs(j, e, &t, 1, members);
        return;
      }
      case Effect::Kind::none: return;
      default: break;
    }
    int targets[Encounter::kMaxPcs];
    int n = 0;
    if (e.target_attacker) {
      if (attacker >= 0 && standing(attacker)) targets[n++] = attacker;
    } else {
      const int want = std::max(1, e.targets);
      while (n < want) {
        const int t = e.only_vulnerable ? first_vulnerable(targets, n) : select(false, j, target, targets, n);
        if (t < 0) break;
        targets[n++] = t;
      }
    }
    if (n == 0) return;
    if (e.kind == Effect::Kind::attack) {
      attack_pcs(j, e, targets, n, 1);
    } else if (e.kind == Effect::Kind::reaction_roll) {
      reaction_rolls(j, e, targets, n);
    } else if (e.kind == Effect::Kind::damage) {
      const int dmg = e.half_of_damage ? taken / 2 : e.damage.roll(dice_);
      for (int k = 0; k < n; ++k) {  // one use against each target, on the last blow too
        if (!standing(targets[k])) continue;
        if (dmg > 0 || e.shred_armor) damage_pc(targets[k], dmg, e.type, e.direct, e.shred_armor, j);
        on_hit(j, e, targets[k]);
      }
      fear_from(e, true);
    }
  }

  // Seed 000, "Adversary Action Rolls": d20 (+ an Experience for a Fear, by
  // policy) against the Difficulty; a natural 20 succeeds.
  bool adversary_action_roll(int j, int difficulty_needed) {
    int bonus = 0;
    if (opt_.adversary_experiences && adv(j).experience > 0 && can_spend(1)) {
      spend(1, kFearSpentExperiences);
      bonus = adv(j).experience;
    }
    const int nat = dice_.die(20);
    const bool ok = nat == 20 || nat + bonus >= difficulty_needed;
    ENCSIM_SAY(log_, "  %s's action roll d20 %d %+d vs %d: %s", aname(j), nat, bonus, difficulty_needed,
               ok ? "success" : "failure");
    return ok;
  }

  int first_vulnerable(const int* skip, int n_skip) {
    for (int i = 0; i < n_pc_; ++i) {
      if (!standing(i) || !vulnerable(i)) continue;
      bool seen = false;
      for (int k = 0; k < n_skip; ++k) seen |= skip[k] == i;
      if (!seen) return i;
    }
    return -1;
  }

  // One attack roll against each target's Evasion, one damage roll shared
  // (seed 000, "Adversary Attacks"). Advantage from a Vulnerable target
  // applies to that target only: the second d20 is rolled once, on demand.
  void attack_pcs(int j, const Effect& e, const int* targets, int n, int members) {
    const Adversary& a = adv(j);
    AdvState& s = adv_[j];
    int bonus = a.atk + e.attack_bonus;
    if (opt_.adversary_experiences && a.experience > 0 && can_spend(1)) {
      spend(1, kFearSpentExperiences);
      bonus += a.experience;
      ENCSIM_SAY(log_, "  the GM spends a Fear on an Experience (+%d)", a.experience);
    }
    const bool base_adv = e.advantage || s.hidden;
    const bool was_hidden = s.hidden;
    s.hidden = false;
    ++radv(j).attacks;
    const int first = dice_.die(20);
    int second = 0;
    int dmg = -1;  // rolled at the first hit
    bool affected = false;
    for (int k = 0; k < n; ++k) {  // one use against each target, on the last blow too
      const int t = targets[k];
      if (!standing(t)) continue;
      const bool adv_roll = base_adv || vulnerable(t);
      if (adv_roll && second == 0) second = dice_.die(20);
      int nat = adv_roll ? std::max(first, second) : first;
      bool hit = nat == 20 || nat + bonus >= evasion(t);
      ENCSIM_SAY(log_, "  d20 %d%s %+d = %d vs Evasion %d of %s: %s", nat, adv_roll ? " (advantage)" : "", bonus,
                 nat + bonus, evasion(t), pname(t), nat == 20 ? "critical" : hit ? "hit" : "miss");
      if (hit && not_this_time(t, nat)) {
        nat = roll_d20(adv_roll);
        hit = nat == 20 || nat + bonus >= evasion(t);
        ENCSIM_SAY(log_, "  rerolled: d20 %d: %s", nat, hit ? "hit" : "miss");
      }
      if (!hit) continue;
      affected = true;
      ++radv(j).hits;
      if (nat == 20) ++radv(j).crits;
      if (pc_[t].evasion_bonus > 0) pc_[t].evasion_bonus = 0;  // Rogue's Dodge ends when an attack succeeds
      last_hit_by_[t] = j;
      // The damage: the standard (the Horde's once half its HP are marked, or
      // the alternative), or the effect's own; a Group Attack adds every member's.
      const Dice* dice = &e.damage;
      int alt_fear = 0;
      if (e.standard_damage) {
        dice = &a.damage;
        if (a.horde && 2 * s.hp_marked >= a.hp) dice = &a.horde_damage;
        if (alt_applies(j, adv_roll, was_hidden)) dice = &a.alt_damage, alt_fear = a.alt_fear;
      }
      if (dmg < 0) {
        dmg = 0;
        for (int m = 0; m < members; ++m) dmg += dice->roll(dice_);
        dmg += before_damage(j);
      }
      const int total = dmg + (nat == 20 ? members * dice->max_dice() : 0);
      if (alt_fear > 0) gain_fear(alt_fear, kFearGainedFeatures);
      const int marks =
          total > 0 || e.shred_armor ? damage_pc(t, total, e.type, e.direct || a.direct, e.shred_armor, j) : 0;
      on_hit(j, e, t);
      adversary_reaction(j, Trigger::hit, t, total, marks);
      npc_trigger(Trigger::pc_hit, t, j);
    }
    fear_from(e, affected);
  }

  bool alt_applies(int j, bool advantage, bool hidden) const {
    const Adversary& a = adv(j);
    switch (a.alt_when) {
      case Adversary::AltWhen::pack:
        for (int k = 0; k < n_adv_; ++k)
          if (k != j && adv_[k].alive && adv(k).kind == a.kind) return true;
        return false;
      case Adversary::AltWhen::advantage: return advantage;
      case Adversary::AltWhen::hidden: return hidden;
      default: return false;
    }
  }

  int roll_d20(bool advantage) {
    const int a = dice_.die(20);
    if (!advantage) return a;
    const int b = dice_.die(20);
    return std::max(a, b);
  }

  // Wizard, Not This Time: on a critical, or a hit on a PC who is one HP from
  // the floor, a wizard with 3 Hope forces the reroll.
  bool not_this_time(int t, int nat) {
    if (!opt_.hope_features) return false;
    for (int w = 0; w < n_pc_; ++w) {
      if (!standing(w) || pc(w).hope != HopeKind::force_reroll || pc_[w].hope < 3) continue;
      if (nat == 20 || hp_left(t) <= 1) {
        spend_hope(w, 3, kHopeSpentFeatures);
        ENCSIM_SAY(log_, "  %s spends 3 Hope: Not This Time", pname(w));
        return true;
      }
    }
    return false;
  }

  // Reactions before damage (Overload, Reaper): paid with Stress when it can.
  int before_damage(int j) {
    int bonus = 0;
    const Adversary& a = adv(j);
    for (std::size_t f = 0; f < a.features.size(); ++f) {
      const Feature& ft = a.features[f];
      if (!ft.modelled || ft.trigger != Trigger::before_damage || !reaction_affordable(j, static_cast<int>(f))) continue;
      use_reaction(j, static_cast<int>(f));
      bonus += ft.effect.damage_bonus_marked_hp ? adv_[j].hp_marked : ft.effect.damage_bonus;
      if (ft.effect.spotlight_again) adv_[j].spotlights = std::max(0, adv_[j].spotlights - 1);
      ENCSIM_SAY(log_, "  %s: +%d damage", ft.name.c_str(), bonus);
    }
    return bonus;
  }

  // What a use does to each target it hits (or who fails the reaction roll).
  void on_hit(int j, const Effect& e, int t) {
    if (!standing(t)) return;
    if (e.target_stress > 0) mark_stress(t, e.target_stress);
    if (e.target_hp > 0) mark_hp(t, e.target_hp, j);
    if (!standing(t)) return;
    if (e.pc_hope != 0) pc_[t].hope = std::clamp(pc_[t].hope + e.pc_hope, 0, pc(t).hope_max);
    if (e.vulnerable) {
      pc_[t].vulnerable = true;
      pc_[t].vuln_until = e.until;
      ENCSIM_SAY(log_, "  %s is Vulnerable", pname(t));
    }
    if (e.restrained) {
      pc_[t].restrained = true;
      pc_[t].restrain_difficulty = difficulty(j);
      ENCSIM_SAY(log_, "  %s is Restrained", pname(t));
    }
  }
  // The GM's Fear from a use that affected anyone: once per use.
  void fear_from(const Effect& e, bool affected) {
    if (affected && e.gain_fear > 0) {
      gain_fear(e.gain_fear, kFearGainedFeatures);
      ENCSIM_SAY(log_, "  the GM gains %d Fear (%d)", e.gain_fear, fear_);
    }
  }

  void reaction_rolls(int j, const Effect& e, const int* targets, int n) {
    const int dmg = e.damage.is_constant() && e.damage.flat() == 0 ? 0 : e.damage.roll(dice_);
    const int dc = e.difficulty > 0 ? e.difficulty : difficulty(j);
    bool affected = false;
    for (int k = 0; k < n; ++k) {  // one use against each target, on the last blow too
      const int t = targets[k];
      if (!standing(t)) continue;
      const int h = dice_.die(12), f = dice_.die(12);
      const int total = h + f + pc(t).traits[static_cast<std::size_t>(e.trait)];
      const bool ok = h == f || total >= dc;  // a reaction roll gives no Hope or Fear
      ENCSIM_SAY(log_, "  %s's reaction roll %d vs %d: %s", pname(t), total, dc, ok ? "success" : "failure");
      if (ok) {
        if (e.half_on_success && dmg > 0) damage_pc(t, dmg / 2, e.type, e.direct, false, j);
        continue;
      }
      affected = true;
      if (dmg > 0) damage_pc(t, dmg, e.type, e.direct, false, j);
      on_hit(j, e, t);
    }
    fear_from(e, affected);
  }

  bool reaction_affordable(int j, int f) const {
    const Feature& ft = adv(j).features[static_cast<std::size_t>(f)];
    if (adv_[j].uses[static_cast<std::size_t>(f)] == 0) return false;
    if (ft.stress > adv(j).stress - adv_[j].stress_marked) return false;
    if (ft.hp > 0 && ft.hp >= adv_hp_left(j)) return false;
    return can_spend(ft.fear);
  }
  void use_reaction(int j, int f) {
    const Feature& ft = adv(j).features[static_cast<std::size_t>(f)];
    int& uses = adv_[j].uses[static_cast<std::size_t>(f)];
    if (uses > 0) --uses;
    pay(j, ft);
    ++radv(j).extra[kExtraFeaturesUsed];
    if (ft.countdown >= 0) start_countdown(ft.countdown);
  }

  // Reactions of adversary j on `trigger` (a defeated adversary still
  // reacts to its own defeat).
  void adversary_reaction(int j, Trigger trigger, int pc_index, int dmg, int marks = 0) {
    // A reaction may set off another (a Death Quake downing a PC), but no
    // deeper: a `hit` reaction that attacks would otherwise never end.
    if (reaction_depth_ >= 2) return;
    ++reaction_depth_;
    react(j, trigger, pc_index, dmg, marks);
    --reaction_depth_;
  }
  void react(int j, Trigger trigger, int pc_index, int dmg, int marks) {
    const Adversary& a = adv(j);
    for (std::size_t f = 0; f < a.features.size(); ++f) {
      const Feature& ft = a.features[f];
      if (!ft.modelled || ft.kind != Feature::Kind::reaction || ft.trigger != trigger) continue;
      if (trigger == Trigger::marks_hp && marks < ft.at_least) continue;
      if (trigger != Trigger::defeated && !adv_[j].alive) continue;
      // No check of the fight's end: a reaction belongs to the blow that set it
      // off, and the last blow's Fear and damage count like any other.
      if (!reaction_affordable(j, static_cast<int>(f))) continue;
      use_reaction(j, static_cast<int>(f));
      ENCSIM_SAY(log_, "  %s reacts: %s", aname(j), ft.name.c_str());
      if (trigger == Trigger::hit && ft.effect.kind == Effect::Kind::none) {
        on_hit(j, ft.effect, pc_index);  // e.g. Bloodseeker: the target marks another HP
        fear_from(ft.effect, true);
        continue;
      }
      run_effect(j, ft.effect, Target::random, pc_index, dmg);
    }
  }
  void adversary_reaction_all(Trigger trigger, int pc_index) {
    for (int j = 0; j < n_adv_; ++j)
      if (adv_[j].alive) adversary_reaction(j, trigger, pc_index, 0);
  }

  // ---- countdowns ---------------------------------------------------------
  struct CdState {
    int value, start;
    bool active, started;
  };

  void start_countdown(int c) {
    const Countdown& cd = enc_.countdowns[static_cast<std::size_t>(c)];
    CdState& s = cd_[c];
    if (s.active) return;
    s.started = true;
    s.start = std::max(1, cd.start.roll(dice_));
    s.value = s.start;
    s.active = true;
    ENCSIM_SAY(log_, "Countdown %s starts at %d", cd.name.c_str(), s.value);
  }

  // Seed 000, "Dynamic countdown advancement".
  static int dynamic_ticks(Countdown::Advance a, RollResult r) {
    static constexpr int kProgress[] = {3, 2, 1, 0, 0};     // crit, success hope, success fear, fail hope, fail fear
    static constexpr int kConsequence[] = {0, 0, 1, 2, 3};
    return a == Countdown::Advance::progress ? kProgress[static_cast<int>(r)] : kConsequence[static_cast<int>(r)];
  }

  // `roll`: a PC action roll was made (with `attack` and its result); else a GM turn began.
  void advance_countdowns(RollResult r, bool attack, bool roll) {
    for (int c = 0; c < static_cast<int>(enc_.countdowns.size()) && !over(); ++c) {
      CdState& s = cd_[c];
      if (!s.active) continue;
      const Countdown& cd = enc_.countdowns[static_cast<std::size_t>(c)];
      int ticks = 0;
      switch (cd.advance) {
        case Countdown::Advance::action_roll: ticks = roll ? 1 : 0; break;
        case Countdown::Advance::attack_roll: ticks = roll && attack ? 1 : 0; break;
        case Countdown::Advance::pc_miss: ticks = roll && attack && !succeeded(r) ? 1 : 0; break;
        case Countdown::Advance::gm_turn: ticks = roll ? 0 : 1; break;
        default: ticks = roll ? dynamic_ticks(cd.advance, r) : 0; break;
      }
      if (ticks == 0) continue;
      s.value -= ticks;
      ENCSIM_SAY(log_, "  countdown %s: %d", cd.name.c_str(), s.value);
      if (s.value > 0) continue;
      ++res(kCountdownsTriggered);
      ENCSIM_SAY(log_, "Countdown %s triggers", cd.name.c_str());
      switch (cd.loop) {
        case Countdown::Loop::none: s.active = false; break;
        case Countdown::Loop::loop: s.value = s.start; break;
        case Countdown::Loop::increasing: s.value = ++s.start; break;
        case Countdown::Loop::decreasing: s.start = std::max(1, s.start - 1), s.value = s.start; break;
      }
      countdown_effect(cd);
    }
  }

  void countdown_effect(const Countdown& cd) {
    const Effect& e = cd.effect;
    if (e.outcome >= 0) {
      outcome_ = e.outcome == 0 ? Outcome::party_win : Outcome::foes_win;
      return;
    }
    if (cd.side == 0) {
      party_effect(-1, e, -1, -1);
      return;
    }
    if (e.kind == Effect::Kind::gain_fear) {
      gain_fear(e.gain_fear, kFearGainedFeatures);
      return;
    }
    // A feature's countdown acts for its owner, while it stands; a scene's
    // acts as the first standing adversary with the countdown's own modifier.
    if (cd.owner >= 0) {
      if (adv_[cd.owner].alive) run_effect(cd.owner, e, Target::random, -1, 0);
      return;
    }
    for (int j = 0; j < n_adv_; ++j)
      if (adv_[j].alive) {
        Effect copy = e;
        copy.attack_bonus = cd.atk - adv(j).atk;
        run_effect(j, copy, Target::random, -1, 0);
        return;
      }
  }

  // ---- NPC allies ---------------------------------------------------------
  void npc_trigger(Trigger trigger, int pc_index, int adversary) {
    for (int k = 0; k < n_npc_; ++k) {
      const Npc& npc = enc_.npcs[static_cast<std::size_t>(k)];
      for (std::size_t f = 0; f < npc.features.size(); ++f) {
        const Feature& ft = npc.features[f];
        if (!ft.modelled || ft.trigger != trigger || npc_uses_[k][f] == -1) continue;
        if (ft.favored >= 0 && ft.favored != pc_index) continue;
        if (npc_uses_[k][f] > 0 && --npc_uses_[k][f] == 0) npc_uses_[k][f] = -1;
        ENCSIM_SAY(log_, "%s: %s", npc.name.c_str(), ft.name.c_str());
        if (ft.countdown >= 0) start_countdown(ft.countdown);
        party_effect(k, ft.effect, pc_index, adversary);
        if (over()) return;
      }
    }
  }

  // An effect on the party's side: against an adversary (the one involved, else
  // the party's focus) or for the PCs.
  void party_effect(int npc, const Effect& e, int pc_index, int adversary) {
    if (e.clear_armor > 0)
      for (int i = 0; i < n_pc_; ++i) pc_[i].armor_marked = std::max(0, pc_[i].armor_marked - e.clear_armor);
    if (e.advantage_next && pc_index >= 0) pc_[pc_index].advantage_next = true;
    if (e.kind != Effect::Kind::attack && e.kind != Effect::Kind::damage) return;
    int t = adversary >= 0 && adv_[adversary].alive ? adversary : -1;
    if (t < 0) t = select(true, -1, focus_ >= 0 ? Target::focus : Target::lowest_hp);
    if (t < 0) return;
    if (e.kind == Effect::Kind::attack) {
      const int nat = dice_.die(20);
      const bool hit = nat == 20 || nat + e.attack_bonus >= difficulty(t);
      ENCSIM_SAY(log_, "  attack d20 %d %+d vs Difficulty %d of %s: %s", nat, e.attack_bonus, difficulty(t), aname(t),
                 hit ? "success" : "failure");
      if (!hit) return;
    }
    if (!e.damage.is_constant() || e.damage.flat() > 0) {
      const int before = adv_[t].hp_marked;
      damage_adversary(-1, t, e.damage.roll(dice_), e.type, false, 100);
      if (npc >= 0) rec_.combatants[static_cast<std::size_t>(n_pc_ + npc)].damage_dealt += adv_[t].hp_marked - before;
    }
    if (e.restrained && adv_[t].alive) {
      adv_[t].restrained = true;
      ENCSIM_SAY(log_, "  %s is Restrained", aname(t));
    }
    if (e.vulnerable && adv_[t].alive) adv_[t].vulnerable = true;
  }

  void finish() {
    if (outcome_ == Outcome::draw && pcs_up_ == 0) outcome_ = Outcome::foes_win;
    if (outcome_ == Outcome::draw && advs_up_ == 0) outcome_ = Outcome::party_win;
    rec_.outcome = outcome_;
    res(kFearEnd) = fear_;
    if (outcome_ == Outcome::party_win) ENCSIM_SAY(log_, "The party wins in round %d.", rec_.rounds);
    if (outcome_ == Outcome::foes_win) ENCSIM_SAY(log_, "The adversaries win in round %d.", rec_.rounds);
  }

  static constexpr int kMaxPrayer = 16;
  static constexpr int kBeatsAny = 1 << 20;  // a roll total that meets any Difficulty (a critical)
  const Encounter& enc_;
  const Options& opt_;
  R& dice_;
  R& tact_;
  R& setup_;
  TrialRecord& rec_;
  Log& log_;
  int n_pc_, n_adv_, n_npc_;
  int round_ = 0;
  int fear_ = 0;
  int fear_spent_ = 0;
  int pcs_up_ = 0, advs_up_ = 0;
  int pc_streak_ = 0;
  int free_bonus_ = 0;
  int blazing_ = 0;  // death moves in progress (a blaze can down another PC)
  int reaction_depth_ = 0;
  int focus_ = -1;
  int hard_focus_ = -1;  // the PC whose failure with Fear passed the spotlight
  int gm_focus_ = -1;    // during a GM turn: the hard move's focus
  int n_prayer_ = 0;
  int prayer_[kMaxPrayer];
  int prayer_owner_[kMaxPrayer];
  Outcome outcome_ = Outcome::draw;
  int last_hit_by_[Encounter::kMaxPcs];  // the adversary that last hit each PC
  PcState pc_[Encounter::kMaxPcs];
  AdvState adv_[Encounter::kMaxAdversaries];
  CdState cd_[Encounter::kMaxCountdowns];
  int npc_uses_[Encounter::kMaxNpcs][Encounter::kMaxFeatures];
};

template <class R, class Log>
void Encounter::simulate_with(R& dice, R& init, R& tact, R& setup, TrialRecord& out, Log& log) const {
  Battle<R, Log>(*this, dice, init, tact, setup, out, log).run();
}

}  // namespace encsim::daggerheart
