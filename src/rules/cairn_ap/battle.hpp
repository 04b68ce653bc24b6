// One cairn-ap fight, in the order of the seed's "Combat" chapter: initiative,
// turns of Action Points, attacks as contested checks, damage past armor into
// HP and then STR, critical damage, scars, morale, detachments, retreat and
// magic. Included by cairn_ap.hpp; a template on the die source and the log.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace encsim::cairn_ap {

template <class R, class Log>
class Battle {
 public:
  Battle(const Encounter& enc, R& dice, R& init, R& tact, R& setup, TrialRecord& rec, Log& log)
      : enc_(enc), opt_(enc.opt), dice_(dice), init_(init), tact_(tact), setup_(setup), rec_(rec),
        log_(log), n_(static_cast<int>(enc.fighters.size())) {
    // The sides' play styles (docs/rules/cairn-ap.md, "Play styles").
    aim_[0] = Aim::threat;
    aim_[1] = enc.style.foes == kFoesCautious   ? Aim::spread
              : enc.style.foes == kFoesRuthless ? Aim::threat
                                                : Aim::finish;
    guarded_[0] = enc.style.party == kPartyCareful;
    guarded_[1] = enc.style.foes == kFoesCautious;
  }

  // Sessions: start from this carried state and leave the end state in it.
  void carry(PartyState* party) { carry_ = party; }

  void run() {
    set_up();
    roll_initiative();
    status(0);
    for (round_ = 1; round_ <= enc_.max_rounds; ++round_) {
      rec_.rounds = round_;
      ENCSIM_SAY(log_, "-- round %d --", round_);
      if (play_round()) return;
      status(round_);
    }
    rec_.rounds = enc_.max_rounds;
    ENCSIM_SAY(log_, "max_rounds (%d) reached: a draw.", enc_.max_rounds);
    finish(Outcome::draw);
  }

 private:
  enum class Held : std::uint8_t { none, dodge, parry, block, riposte };
  enum class Out : std::uint8_t { dead, dying, routed, fled, unconscious, crawls };  // crawls: sessions

  // Plain and uninitialised until set_up(): building a Battle costs nothing
  // for the unused tail of the array.
  struct State {
    int hp, hp_max, str, str_max, dex, wil, armor;
    int ap;          // left this turn
    int blows;       // attacks made this turn
    int gained_adv;  // Gain Advantage, for the next roll's Base Die
    int moves;       // Moves made closing to melee
    int last_attacker;
    int free_slots, mana_dust, fatigue;
    int worn_armor, magic_armor;  // Armor is their sum, at most 3
    Held held;
    bool in_fight, engaged, surprised, zero_checked, can_cast, fatigue_on_3, doomed;
    // Mishaps that last: #8 WIL damage on casting, #11 a free Magic Die,
    // #22 a vessel of magic, #24 Elemental.
    bool wil_on_cast, free_die, vessel, elemental;
    bool grimoire_lost;   // Mishaps #6 and #13: no spells until a new Grimoire (sessions)
    std::uint16_t scars;  // bit e: Scars entry e taken in this fight (sessions)
    Out how;              // why it left the fight, when it did
  };

  const Fighter& f(int i) const { return enc_.fighters[static_cast<std::size_t>(i)]; }
  CombatantRecord& rec(int i) { return rec_.combatants[static_cast<std::size_t>(i)]; }
  FeatureRecord& feat(int k) { return rec_.features[static_cast<std::size_t>(k)]; }
  int side(int i) const { return i < enc_.n_party ? 0 : 1; }
  int side_size(int s) const { return s == 0 ? enc_.n_party : n_ - enc_.n_party; }
  const char* name(int i) const { return f(i).name.c_str(); }
  bool over() const { return alive_[0] == 0 || alive_[1] == 0; }
  static std::size_t z(int i) { return static_cast<std::size_t>(i); }

  void set_up() {
    alive_[0] = alive_[1] = 0;
    for (int i = 0; i < n_; ++i) {
      const Fighter& fi = f(i);
      State& s = st_[i];
      s = State{};
      s.hp = s.hp_max = std::max(0, fi.hp.roll(setup_));
      s.str = s.str_max = fi.attr[kStr];
      s.dex = fi.attr[kDex];
      s.wil = fi.attr[kWil];
      s.armor = s.worn_armor = fi.armor;
      s.last_attacker = -1;
      s.free_slots = fi.free_slots;
      s.mana_dust = fi.mana_dust;
      s.held = Held::none;
      s.in_fight = true;
      s.engaged = fi.ranged || opt_.approach_moves == 0;
      s.surprised = (opt_.surprised == Surprise::party && side(i) == 0) ||
                    (opt_.surprised == Surprise::foes && side(i) == 1);
      s.can_cast = true;
      rec(i).extra[kExHpStart] = s.hp;
      ++alive_[side(i)];
      ENCSIM_SAY(log_, "%s: HP %d, STR %d DEX %d WIL %d, armor %d%s", name(i), s.hp, s.str, s.dex, s.wil,
                 s.armor, fi.detachment ? " (a detachment)" : "");
    }
    if (carry_) [[unlikely]] carry_in();
    start_[0] = alive_[0];
    start_[1] = alive_[1];
  }

  // Sessions (carry.hpp): the carried state in at the set-up, out at the end.
  void carry_in();
  void carry_out();

  // "Initiative roll": d20 + WIL each, sorted highest first within each group;
  // the groups then alternate one creature at a time.
  void roll_initiative() {
    std::array<int, Encounter::kMaxFighters> roll;
    for (int i = 0; i < n_; ++i) roll[z(i)] = init_.die(20) + f(i).attr[kWil];
    int best[2] = {-1000, -1000};
    for (int g = 0; g < 2; ++g) {
      int& count = order_size_[g];
      count = 0;
      const int lo = g == 0 ? 0 : enc_.n_party, hi = g == 0 ? enc_.n_party : n_;
      for (int i = lo; i < hi; ++i) {
        // Insertion sort, highest first, ties in listed order (no allocation).
        int j = count++;
        for (; j > 0 && roll[z(order_[g][z(j - 1)])] < roll[z(i)]; --j) order_[g][z(j)] = order_[g][z(j - 1)];
        order_[g][z(j)] = i;
        best[g] = std::max(best[g], roll[z(i)]);
      }
    }
    switch (opt_.first_group) {
      case FirstGroup::initiative: first_ = best[1] > best[0] ? 1 : 0; break;
      case FirstGroup::party: first_ = 0; break;
      case FirstGroup::foes: first_ = 1; break;
    }
    if constexpr (Log::kEnabled) {
      for (int g = 0; g < 2; ++g) {
        std::string line = g == 0 ? "Initiative, party:" : "Initiative, foes:";
        for (int k = 0; k < order_size_[g]; ++k)
          line += std::string(" ") + name(order_[g][z(k)]) + " " + std::to_string(roll[z(order_[g][z(k)])]);
        ENCSIM_SAY(log_, "%s", line.c_str());
      }
      ENCSIM_SAY(log_, "The %s act first.", first_ == 0 ? "party" : "foes");
    }
  }

  // The groups alternate one turn at a time; a group with nobody left to act
  // lets the other finish the round. True when the fight is over.
  bool play_round() {
    int next[2] = {0, 0};
    auto next_of = [&](int g) {
      while (next[g] < order_size_[g] && !st_[order_[g][z(next[g])]].in_fight) ++next[g];
      return next[g] < order_size_[g] ? order_[g][z(next[g]++)] : -1;
    };
    int g = first_;
    for (;;) {
      int who = next_of(g);
      if (who < 0) who = next_of(1 - g);
      if (who < 0) return false;
      take_turn(who);
      if (over()) return finish(alive_[0] > 0 ? Outcome::party_win : Outcome::foes_win);
      g = 1 - side(who);
    }
  }

  // ---------------------------------------------------------------------
  // A turn ("Turn"): Action Points, spent action by action as tactics say.

  void take_turn(int i) {
    State& s = st_[i];
    // 1. A held action whose trigger never came cancels now.
    if (s.held != Held::none) {
      ENCSIM_SAY(log_, "%s's held action lapses", name(i));
      s.held = Held::none;
    }
    // 2. The turn's Action Points: 4, or 2 for the surprised until their first turn ends.
    s.ap = s.surprised ? opt_.surprised_ap : opt_.ap_per_turn;
    s.blows = 0;
    ENCSIM_SAY(log_, "%s's turn: %d AP%s", name(i), s.ap, s.surprised ? " (surprised)" : "");
    // 3. Actions until the AP run out or tactics have nothing to do.
    while (s.ap > 0 && s.in_fight && !over()) {
      const tactics::Rule* rule = choose_rule(i);
      if (!rule || rule->action == kPass) break;
      perform(i, *rule);
      after_action();
    }
    // 4. The AP come back at the end of the turn; surprise is over, and
    // advantage gained but not used lapses.
    s.surprised = false;
    if (opt_.advantage_lapses) s.gained_adv = 0;
  }

  bool has_melee_weapon(int i) const { return f(i).armed && !f(i).ranged; }
  int magic_dice(int i) const {
    return std::min(4, st_[i].free_slots + st_[i].mana_dust + (st_[i].free_die ? 1 : 0));
  }
  int approach_cost(int i) const {
    return st_[i].engaged ? 0 : opt_.ap_move * (opt_.approach_moves - st_[i].moves);
  }
  // "Move (1 AP)" is an action of its own: an attack the AP left cannot pay
  // for together with its Moves still makes the Moves it can afford now.
  bool can_move(int i) const { return !st_[i].engaged && opt_.ap_move <= st_[i].ap; }

  // AP the rule costs now, or -1 when it cannot be taken at all.
  int cost(int i, const tactics::Rule& r) const {
    const State& s = st_[i];
    switch (r.action) {
      case kAttack: {
        const int full = opt_.ap_attack + approach_cost(i);
        return full <= s.ap || !can_move(i) ? full : opt_.ap_move;
      }
      case kMove: return can_move(i) ? opt_.ap_move : -1;
      case kGainAdvantage: return opt_.ap_gain_advantage;
      case kHoldDodge: return s.held == Held::none ? opt_.ap_hold : -1;
      case kHoldParry: return s.held == Held::none && has_melee_weapon(i) ? opt_.ap_hold : -1;
      case kHoldBlock: return s.held == Held::none && f(i).shield_die.sides > 0 ? opt_.ap_hold : -1;
      case kRiposte: return s.held == Held::none && has_melee_weapon(i) ? opt_.ap_riposte : -1;
      case kRetreat: return opt_.ap_retreat;
      case kCast: return s.can_cast && magic_dice(i) > 0 ? opt_.ap_cast : -1;
      case kPass: return 0;
      default: return -1;
    }
  }

  struct View {
    const Battle* b;
    int self;
    double var(int id) const {
      const State& s = b->st_[self];
      const int my = b->side(self);
      switch (id) {
        case tactics::kSelfHp: return s.hp;
        case tactics::kSelfHpMax: return s.hp_max;
        case tactics::kSelfHpFrac: return s.hp_max > 0 ? static_cast<double>(s.hp) / s.hp_max : 0.0;
        case tactics::kSelfHpLost: return s.hp_max - s.hp;
        case tactics::kAlliesAlive: return b->alive_[my];
        case tactics::kAlliesDown: return b->side_size(my) - b->alive_[my];
        case tactics::kEnemiesAlive: return b->alive_[1 - my];
        case tactics::kEnemiesDown: return b->side_size(1 - my) - b->alive_[1 - my];
        case tactics::kRound: return b->round_;
        case kVarAp: return s.ap;
        case kVarAdvantage: return s.gained_adv;
        case kVarHeld: return s.held != Held::none ? 1 : 0;
        case kVarStr: return s.str;
        case kVarStrMax: return s.str_max;
        case kVarDex: return s.dex;
        case kVarWil: return s.wil;
        case kVarArmor: return s.armor;
        case kVarEngaged: return s.engaged ? 1 : 0;
        case kVarFatigue: return s.fatigue;
        case kVarFreeSlots: return s.free_slots;
        case kVarManaDust: return s.mana_dust;
        case kVarMagicDice: return b->magic_dice(self);
        case kVarAlliesWounded: {
          int n = 0;
          for (int j = my == 0 ? 0 : b->enc_.n_party; j < (my == 0 ? b->enc_.n_party : b->n_); ++j)
            n += b->st_[j].in_fight && 2 * b->st_[j].hp < b->st_[j].hp_max ? 1 : 0;
          return n;
        }
        case kVarEnemyDetachments: {
          int n = 0;
          for (int j = my == 1 ? 0 : b->enc_.n_party; j < (my == 1 ? b->enc_.n_party : b->n_); ++j)
            n += b->st_[j].in_fight && b->f(j).detachment ? 1 : 0;
          return n;
        }
        default: return 0.0;
      }
    }
  };

  const tactics::Rule* choose_rule(int i) const {
    const View view{this, i};
    for (const tactics::Rule& r : f(i).rules) {
      const int c = cost(i, r);
      if (c < 0 || c > st_[i].ap) continue;
      // A guarded side strikes once a turn and holds a defence with the rest.
      if (r.action == kAttack && f(i).by_style && guarded_[side(i)] && st_[i].blows > 0) continue;
      if (r.when.holds(view)) return &r;
    }
    return nullptr;
  }

  void spend(int i, int ap, Resource kind) {
    st_[i].ap -= ap;
    rec(i).extra[kExApSpent] += ap;
    rec_.resources[kind] += ap;
  }

  void move(int i) {
    State& s = st_[i];
    spend(i, opt_.ap_move, kApMove);
    ++s.moves;
    s.engaged = s.moves >= opt_.approach_moves;
    ENCSIM_SAY(log_, "%s moves (%d AP)%s", name(i), opt_.ap_move, s.engaged ? " into reach" : "");
  }

  void perform(int i, const tactics::Rule& r) {
    State& s = st_[i];
    ++rec(i).actions;
    switch (r.action) {
      case kAttack: {
        // "Move (1 AP)": melee reach is abstract, a number of Moves before the
        // first blow. Moves the turn cannot follow with the blow are made now.
        const bool strikes = opt_.ap_attack + approach_cost(i) <= s.ap;
        while (!s.engaged && can_move(i)) move(i);
        if (!strikes) {
          ENCSIM_SAY(log_, "%s cannot reach and strike this turn: the blow waits", name(i));
          break;
        }
        spend(i, opt_.ap_attack, kApAttack);
        ++s.blows;
        // The blow's further targets, if any, are picked on the same scores.
        Scores memo;
        attack(i, select(i, r.target, nullptr, 0, &memo), false, r.target, &memo);
        break;
      }
      case kMove: move(i); break;
      case kGainAdvantage:
        spend(i, opt_.ap_gain_advantage, kApAdvantage);
        ++s.gained_adv;
        ENCSIM_SAY(log_, "%s gains advantage (+%d on the next Base Die)", name(i), s.gained_adv);
        break;
      case kHoldDodge:
      case kHoldParry:
      case kHoldBlock:
      case kRiposte: {
        const bool riposte = r.action == kRiposte;
        spend(i, riposte ? opt_.ap_riposte : opt_.ap_hold, kApHeld);
        s.held = r.action == kHoldDodge   ? Held::dodge
                 : r.action == kHoldParry ? Held::parry
                 : r.action == kHoldBlock ? Held::block
                                          : Held::riposte;
        static const char* kWhat[] = {"", "a dodge", "a parry", "a block", "a parry and a riposte"};
        ENCSIM_SAY(log_, "%s holds %s for the next attack", name(i), kWhat[static_cast<int>(s.held)]);
        break;
      }
      case kRetreat: retreat(i); break;
      case kCast: cast(i, f(i).spells[z(r.arg_id)], r.target, f(i).feat_spell[z(r.arg_id)]); break;
      default: break;
    }
    // An action other than an attack or a spell (counted where they happen).
    if (r.action != kAttack && r.action != kCast && r.action != kMove)
      ++feat(f(i).feat_action[static_cast<std::size_t>(r.action)]).uses;
  }

  // ---------------------------------------------------------------------
  // Targets.

  // The scores of one attacker's enemies under its side's aim, for a choice
  // of several targets (a blast, an attack or spell on several): the picks
  // follow one another with nothing changing in between (no roll, no
  // damage), so each enemy is scored once for the whole choice. Plain and
  // unset until the first pick fills it: building one costs nothing.
  struct Scores {
    int filled = 0;  // 0 until the first pick
    std::array<double, Encounter::kMaxFighters> of;
  };

  // The enemy of `i` that `target` picks (or, playing by a style, its
  // side's aim), among the `usable`; `memo` keeps the style's scores across
  // the picks of one choice of several targets.
  template <class Usable>
  int select_by(int i, tactics::Target target, const Usable& usable, Scores* memo = nullptr) {
    const int lo = side(i) == 0 ? enc_.n_party : 0;
    const int hi = side(i) == 0 ? n_ : enc_.n_party;
    using tactics::Target;
    if (f(i).by_style) {
      const Aim aim = aim_[side(i)];
      if (aim == Aim::spread) target = Target::random;
      else
        return best_scored(i, lo, hi, aim, usable, memo);
    }
    switch (target) {
      case Target::random: {
        int count = 0;
        for (int j = lo; j < hi; ++j) count += usable(j) ? 1 : 0;
        if (count == 0) return -1;
        int pick = tact_.die(count) - 1;
        for (int j = lo; j < hi; ++j)
          if (usable(j) && pick-- == 0) return j;
        return -1;
      }
      case Target::focus:
        if (focus_[side(i)] >= 0 && usable(focus_[side(i)])) return focus_[side(i)];
        break;
      case Target::last_attacker:
        if (st_[i].last_attacker >= 0 && usable(st_[i].last_attacker)) return st_[i].last_attacker;
        break;
      case Target::highest_hp: return best_by(lo, hi, usable, [&](int j) { return st_[j].hp * 100 + st_[j].str; });
      case Target::weakest: return best_by(lo, hi, usable, [&](int j) { return -st_[j].armor; });
      case Target::strongest: return best_by(lo, hi, usable, [&](int j) { return f(j).mean_damage; });
      case Target::lowest_hp: break;
    }
    return best_by(lo, hi, usable, [&](int j) { return -(st_[j].hp * 100 + st_[j].str); });
  }

  // The play styles' scoring rule (docs/rules/cairn-ap.md, "Play styles"):
  // the expected damage of one blow from the attributes and dice now, a few
  // operations per enemy, no search and no dice.

  // P(IR >= TR) for a contest whose totals differ by `mean` on average: the
  // two d20 and the Object Dice as a normal spread (variance 66.5 + the
  // dice's), tabled by half points so a choice costs no erfc.
  static double die_mean(int sides) { return sides > 0 ? (sides + 1) / 2.0 : 0.0; }
  static double die_variance(int sides) { return sides > 0 ? (sides * sides - 1) / 12.0 : 0.0; }
  // 1 / the spread's standard deviation, for Object Dice of up to 20 sides
  // on either side (tabled), else computed.
  static double inverse_sd(int attack_sides, int defence_sides) {
    constexpr int kSides = 21;
    static const auto kTable = [] {
      std::array<double, kSides * kSides> t{};
      for (int x = 0; x < kSides; ++x)
        for (int y = 0; y < kSides; ++y)
          t[static_cast<std::size_t>(x * kSides + y)] = 1.0 / std::sqrt(66.5 + die_variance(x) + die_variance(y));
      return t;
    }();
    if (attack_sides < kSides && defence_sides < kSides)
      return kTable[static_cast<std::size_t>(attack_sides * kSides + defence_sides)];
    return 1.0 / std::sqrt(66.5 + die_variance(attack_sides) + die_variance(defence_sides));
  }
  static double contest_chance(double mean, double inv_sd) {
    static const auto kTable = [] {
      std::array<double, 161> t{};  // mean / sd from -8 to +8 in tenths
      for (std::size_t k = 0; k < t.size(); ++k) t[k] = 0.5 * std::erfc(-(static_cast<double>(k) - 80.0) / 10.0 / std::sqrt(2.0));
      return t;
    }();
    const double z = std::clamp((mean + 0.5) * inv_sd * 10.0 + 80.0, 0.0, 160.0);
    return kTable[static_cast<std::size_t>(z + 0.5)];
  }
  // HP `t` can lose before the next point brings a critical damage save (or death).
  int hp_left(int t) const { return st_[t].hp + 1; }

  // The attacker's half of a blow's value, on its state now: computed once
  // per choice of target rather than once per enemy.
  struct Striker {
    const Fighter* f;
    int sides;        // the highest Object Die (weapon or second)
    int adv;          // on the Base Die before the target's kind counts
    double attr_die;  // STR or DEX + the die's mean
  };
  Striker striker(int a) const {
    const Fighter& fa = f(a);
    const int sides = std::max(fa.weapon_die.sides, fa.second_die.sides);
    return {&fa, sides, fa.attack_adv + st_[a].gained_adv, (fa.ranged ? st_[a].dex : st_[a].str) + die_mean(sides)};
  }
  // The expected damage past armor of one blow of `s` at `t`, capped at what `t` has left.
  double blow_value(const Striker& s, int t) const {
    const Fighter& fa = *s.f;
    const Fighter& ft = f(t);
    const State& stt = st_[t];
    // An advantage on the Base Die is worth about 3.3 on its mean.
    const int adv = s.adv + (fa.detachment == ft.detachment ? 0 : fa.detachment ? 1 : -1);
    double mean = s.attr_die + 3.3 * adv;
    int defence_sides = 0;
    switch (free_defence(t, fa.ranged)) {
      case Defence::block:
        defence_sides = ft.shield_die.sides;
        mean -= stt.str + die_mean(defence_sides);
        break;
      case Defence::parry:
        defence_sides = std::max(ft.weapon_die.sides, ft.second_die.sides);
        mean -= stt.str + die_mean(defence_sides);
        break;
      default: mean -= stt.dex; break;
    }
    // E[max(0, die - armor)] for one die of `sides` faces.
    const int over = s.sides - stt.armor;
    const double past_armor = over > 0 ? over * (over + 1) / (2.0 * s.sides) : 0.0;
    return std::min(contest_chance(mean, inverse_sd(s.sides, defence_sides)) * past_armor,
                    static_cast<double>(hp_left(t)));
  }
  // How much `s` wants `t` as its target: the share of `t`'s HP a blow
  // takes (1: it fells), weighted for `threat` by `t`'s damage.
  double target_value(const Striker& s, int t, Aim aim) const {
    const double share = blow_value(s, t) / hp_left(t);
    return aim == Aim::threat ? share * f(t).mean_damage : share;
  }

  // The values of `i`'s enemies `cand[0..count)` under `aim`, into `out`
  // (indexed by combatant): one pass, the attacker's half computed once.
  void score_enemies(int i, Aim aim, const int* cand, int count, double* out) const {
    const Striker s = striker(i);
    for (int k = 0; k < count; ++k) out[cand[k]] = target_value(s, cand[k], aim);
  }

  // The usable enemy in [lo, hi) with the highest target_value(), ties to
  // the fewest HP (then STR) left, then as best_by() breaks them. A lone
  // usable enemy is taken unscored: best_by() would take it without a draw.
  template <class Usable>
  int best_scored(int i, int lo, int hi, Aim aim, const Usable& usable, Scores* memo) {
    std::array<int, Encounter::kMaxFighters> cand;
    int count = 0;
    for (int j = lo; j < hi; ++j)
      if (usable(j)) cand[z(count++)] = j;
    if (count <= 1) return count == 1 ? cand[0] : -1;
    Scores local;
    if (!memo) {
      score_enemies(i, aim, cand.data(), count, local.of.data());
    } else if (!memo->filled) {
      // Every enemy still in the fight: the later picks choose among fewer.
      std::array<int, Encounter::kMaxFighters> in_fight;
      int n = 0;
      for (int j = lo; j < hi; ++j)
        if (st_[j].in_fight) in_fight[z(n++)] = j;
      score_enemies(i, aim, in_fight.data(), n, memo->of.data());
      memo->filled = 1;
    }
    const double* value = memo ? memo->of.data() : local.of.data();
    Best<std::pair<double, int>> best;
    for (int k = 0; k < count; ++k) {
      const int j = cand[z(k)];
      best.offer(j, std::pair{value[j], -(st_[j].hp * 100 + st_[j].str)}, *this);
    }
    return best.index;
  }

  // The enemy of `i` that `target` picks, skipping the `n_skip` in `skip`.
  int select(int i, tactics::Target target, const int* skip, int n_skip, Scores* memo = nullptr) {
    auto usable = [&](int j) {
      return st_[j].in_fight && (n_skip == 0 || std::find(skip, skip + n_skip, j) == skip + n_skip);
    };
    return select_by(i, target, usable, memo);
  }

  // The best of the indexes offered in turn; ties at random from the
  // tactics stream (reservoir sampling), or the first offered with
  // `target_ties: first`.
  template <class Score>
  struct Best {
    int index = -1, ties = 0;
    Score score{};
    void offer(int j, const Score& sc, Battle& b) {
      if (index < 0 || sc > score) {
        index = j;
        score = sc;
        ties = 1;
      } else if (sc == score && b.opt_.random_target_ties && b.tact_.die(++ties) == 1) {
        index = j;
      }
    }
  };

  // The best usable index in [lo, hi), as Best breaks ties.
  template <class Usable, class Score>
  int best_by(int lo, int hi, const Usable& usable, const Score& score) {
    Best<decltype(score(lo))> best;
    for (int j = lo; j < hi; ++j)
      if (usable(j)) best.offer(j, score(j), *this);
    return best.index;
  }

  // ---------------------------------------------------------------------
  // Checks and saves.

  // Records a natural 1 or 20 on a Base Die (the text leaves its effect to the Warden).
  void note_natural(int i, const CheckRoll& r) {
    if (r.natural_20()) {
      ++rec_.resources[kNatural20];
      ++rec(i).extra[kExNatural20];
    } else if (r.natural_1()) {
      ++rec_.resources[kNatural1];
      ++rec(i).extra[kExNatural1];
    }
  }

  // IR >= TR: the initiator succeeds. The options may let naturals decide.
  bool initiator_wins(const CheckRoll& ir, const CheckRoll& tr) const {
    bool win = ir.total >= tr.total;
    if (opt_.natural_20_succeeds && ir.natural_20() != tr.natural_20()) win = ir.natural_20();
    if (opt_.natural_1_fails && ir.natural_1() != tr.natural_1()) win = tr.natural_1();
    return win;
  }

  // A save against a DC (morale, critical damage, retreat). "Check Results":
  // the DC stands where the Initiator's roll stands and the Initiator wins
  // ties, so the save passes only above the DC.
  bool dice_check(int i, int attribute_value, int dc, int adv, const char* what) {
    Check c;
    c.base_adv = adv;
    c.modifier = attribute_value;
    const CheckRoll r = roll_check(dice_, c);
    note_natural(i, r);
    bool ok = r.total > dc;
    if (opt_.natural_20_succeeds && r.natural_20()) ok = true;
    if (opt_.natural_1_fails && r.natural_1()) ok = false;
    ENCSIM_SAY(log_, "  %s: %s save d20 %d %+d = %d vs DC %d: %s", name(i), what, r.base, attribute_value, r.total,
               dc, ok ? "passed" : "failed");
    return ok;
  }

  Check defence_check(int t, Defence d, int adv) const {
    const Fighter& ft = f(t);
    const State& s = st_[t];
    Check c;
    c.base_adv = adv;
    switch (d) {
      case Defence::block:
        c.modifier = s.str;
        c.objects[0] = ft.shield_die;
        break;
      case Defence::parry:
        c.modifier = s.str;
        c.objects[0] = ft.weapon_die;
        c.objects[1] = ft.second_die;
        c.highest_object = true;
        break;
      default: c.modifier = s.dex; break;
    }
    return c;
  }

  // The save a target makes unheld: its `defence`, or with `best` the one with
  // the highest expected result on its current STR and DEX (critical damage
  // lowers STR during the fight). Ties: dodge, then block, then parry.
  Defence free_defence(int t, bool ranged) const {
    const Fighter& ft = f(t);
    if (ft.defence != Defence::best) return ranged ? ft.vs_ranged : ft.vs_melee;
    return best_defence(ft, st_[t].str, st_[t].dex, ranged);
  }

  // The target's save against an attack; a held action that this attack
  // triggers fires (and is used up). Sets `riposte` when a riposte fired.
  CheckRoll save_against_attack(int a, int t, bool ranged, bool& riposte) {
    State& s = st_[t];
    Defence d = free_defence(t, ranged);
    int adv = 0;
    const Held h = s.held;
    const bool fires = h == Held::dodge || h == Held::block || (!ranged && (h == Held::parry || h == Held::riposte));
    if (fires) {
      d = h == Held::dodge ? Defence::dodge : h == Held::block ? Defence::block : Defence::parry;
      // "Held Action, can give yourself Adv when you are the Target": said of
      // the dodge only; held_advantage: all extends it to parry and block.
      adv = h == Held::dodge || opt_.held_advantage_all ? 1 : 0;
      riposte = h == Held::riposte;
      s.held = Held::none;
      ++rec_.resources[kHeldFired];
      ++rec(t).extra[kExHeldFired];
    }
    // A detachment's attacks on individuals are enhanced; that is on the
    // initiator's die. The defender saves as it is.
    const CheckRoll tr = roll_check(dice_, defence_check(t, d, adv));
    note_natural(t, tr);
    static const char* kDef[] = {"", "dodges", "blocks", "parries"};
    ENCSIM_SAY(log_, "  %s %s%s: TR %d (d20 %d)", name(t), kDef[static_cast<int>(d)],
               !fires ? "" : adv ? " (held, with advantage)" : " (held)", tr.total, tr.base);
    (void)a;
    return tr;
  }

  // ---------------------------------------------------------------------
  // Attacks ("Attacking & Damage", "Attack Modifiers", "Detachments").

  // `memo`: the scores the primary target was picked on, if any (nothing
  // has changed since).
  void attack(int a, int primary, bool riposte_strike, tactics::Target aim = tactics::Target::lowest_hp,
              Scores* memo = nullptr) {
    if (primary < 0) return;
    const Fighter& fa = f(a);
    State& s = st_[a];
    // A detachment attacking an individual deals blast damage: one roll, each
    // target in reach saves. An attack on several targets ("Attack
    // Modifiers") works the same way, without being a blast. Further
    // targets are of the first one's kind and aimed like the rule.
    std::array<int, Encounter::kMaxFighters> targets;
    int n_targets = 1;
    targets[0] = primary;
    const bool blast = fa.detachment && !f(primary).detachment && !riposte_strike;
    const int reach = riposte_strike ? 1 : blast ? fa.blast_targets : fa.attack_targets;
    const bool area = reach > 1;  // counted per target, in the area columns
    if (reach > 1) {
      const bool kind = f(primary).detachment;
      auto usable = [&](int j) {
        return st_[j].in_fight && f(j).detachment == kind &&
               std::find(targets.begin(), targets.begin() + n_targets, j) == targets.begin() + n_targets;
      };
      Scores own;
      if (!memo) memo = &own;
      while (n_targets < reach) {
        const int j = select_by(a, aim, usable, memo);
        if (j < 0) break;
        targets[z(n_targets++)] = j;
      }
    }
    // The initiator's check: d20 + STR (melee) or DEX (ranged) + the weapon die.
    Check c;
    c.modifier = fa.ranged ? s.dex : s.str;
    c.objects[0] = fa.weapon_die;
    c.objects[1] = fa.second_die;
    c.highest_object = true;
    c.base_adv = fa.attack_adv + s.gained_adv;
    if (fa.detachment && !f(primary).detachment) ++c.base_adv;  // enhanced
    if (!fa.detachment && f(primary).detachment) --c.base_adv;  // impaired
    if (st_[primary].elemental) --c.base_adv;  // Mishap #24: mundane attacks on it are impaired
    s.gained_adv = 0;
    const CheckRoll ir = roll_check(dice_, c);
    note_natural(a, ir);
    // A riposte's strike counts to the riposte, whose use was the held parry.
    const int feature = fa.feat_action[static_cast<std::size_t>(riposte_strike ? kRiposte : kAttack)];
    if (!riposte_strike) ++feat(feature).uses;
    ENCSIM_SAY(log_, "%s %s %s with %s: IR %d (d20 %d%s %+d, weapon die %d)", name(a),
               riposte_strike ? "ripostes against" : "attacks",
               blast ? "in a blast" : n_targets > 1 ? "several targets" : name(primary), fa.weapon.c_str(),
               ir.total, ir.base, c.base_adv > 0 ? " with advantage" : c.base_adv < 0 ? " with disadvantage" : "",
               c.modifier, ir.object);
    for (int k = 0; k < n_targets; ++k) {
      const int t = targets[z(k)];
      if (!st_[t].in_fight) continue;
      rec(a).aimed(area);
      st_[t].last_attacker = a;
      if (!fa.ranged) st_[t].engaged = true;  // whoever is attacked in melee is in reach
      bool riposte = false;
      const CheckRoll tr = save_against_attack(a, t, fa.ranged, riposte);
      const bool hit = initiator_wins(ir, tr);
      if (hit) {
        rec(a).struck(area, ir.natural_20());
        ENCSIM_SAY(log_, "  %s: IR %d vs TR %d, hit: weapon die %d - armor %d", name(t), ir.total, tr.total, ir.object,
                   st_[t].armor);
        damage(a, t, ir.object - st_[t].armor, feature);
      } else {
        ENCSIM_SAY(log_, "  %s: IR %d vs TR %d, saved", name(t), ir.total, tr.total);
      }
      if (riposte && st_[t].in_fight && st_[a].in_fight && (!hit || !opt_.riposte_needs_parry))
        attack(t, a, true);
    }
  }

  // ---------------------------------------------------------------------
  // Damage, critical damage and scars ("Armor", "Critical Damage", "Scars").

  // `feature`: a's attack, riposte or spell, which the damage counts to.
  void damage(int a, int t, int dmg, int feature) {
    State& s = st_[t];
    const bool enemy = side(a) != side(t);
    if (enemy) focus_[side(a)] = t;
    if (dmg <= 0) {
      ENCSIM_SAY(log_, "  no damage gets through");
      return;
    }
    const int before = s.hp;
    const int from_hp = std::min(dmg, s.hp);
    s.hp -= from_hp;
    const int past_zero = dmg - from_hp;
    int taken = from_hp;
    bool critical_save = false;
    int entry = 0;  // the Scars entry this hit calls for
    if (past_zero > 0) {
      // "Damage that reduces a Target's HP below zero is subtracted from their STR."
      const int from_str = std::min(past_zero, s.str);
      s.str -= from_str;
      taken += from_str;
      rec_.resources[kStrLost] += from_str;
      rec(t).extra[kExStrLost] += from_str;
      // Damage past STR 0 counts for nothing (the totals count HP and STR lost).
      if (from_hp + from_str == dmg)
        ENCSIM_SAY(log_, "  %d damage to %s: HP %d, STR %d (-%d)", dmg, name(t), s.hp, s.str, from_str);
      else
        ENCSIM_SAY(log_, "  %d damage to %s: %d lost, HP %d, STR %d (-%d)", dmg, name(t), from_hp + from_str, s.hp,
                   s.str, from_str);
      if (f(t).pc && opt_.scars == ScarRule::zero_or_under && before > 0) entry = scar(t, before);
      critical_save = true;
    } else {
      ENCSIM_SAY(log_, "  %d damage to %s: HP %d", dmg, name(t), s.hp);
      if (s.hp == 0 && before > 0) {
        if (f(t).pc) entry = scar(t, before);
        critical_save = opt_.critical_at_zero;
      }
    }
    if (enemy) {
      rec(a).damage_dealt += taken;
      feat(feature).damage += taken;
    }
    rec(t).damage_taken += taken;
    if (s.str <= 0) {
      // "If a PC's STR is reduced to 0, they die"; a detachment is destroyed.
      ENCSIM_SAY(log_, "  %s is reduced to STR 0: %s", name(t), f(t).detachment ? "destroyed" : "dead");
      out(t, Out::dead);
      return;
    }
    if (critical_save) critical(t);
    if (entry > 0 && s.in_fight) scar_effect(t, entry);
  }

  // A STR save (DC 15, with the new STR) against Critical Damage.
  void critical(int t) {
    ++rec_.resources[kCriticalSaves];
    const bool doomed = st_[t].doomed;
    st_[t].doomed = false;
    if (dice_check(t, st_[t].str, opt_.critical_dc, 0, "critical damage (STR)")) return;
    ++rec_.resources[kCriticalFailed];
    ++rec(t).extra[kExCriticalFailed];
    if (doomed) {
      ENCSIM_SAY(log_, "  %s was Doomed and dies horribly", name(t));
      out(t, Out::dead);
    } else if (f(t).detachment) {
      ENCSIM_SAY(log_, "  %s takes critical damage and is routed", name(t));
      out(t, Out::routed);
    } else if (f(t).pc) {
      ENCSIM_SAY(log_, "  %s takes critical damage: out of the fight, dying", name(t));
      out(t, Out::dying);
    } else {
      ENCSIM_SAY(log_, "  %s takes critical damage and dies", name(t));
      out(t, Out::dead);
    }
  }

  // "Scars": the entry is the HP the PC had before the attack.
  int scar(int t, int hp_before) {
    const int entry = std::clamp(hp_before, 1, 12);
    ++rec_.resources[kScars];
    ++rec(t).extra[kExScars];
    st_[t].scars = static_cast<std::uint16_t>(st_[t].scars | 1u << entry);
    ENCSIM_SAY(log_, "  %s rolls on the Scars table: #%d %s", name(t), entry, scar_name(entry));
    return entry;
  }

  // The scars that act inside the fight, after the hit's critical damage
  // save: #11 takes the PC out of action (dying within the hour unless
  // healed); #12 makes the next failed critical damage save fatal. The rest
  // play out after the fight (recovery, rest, new maximums).
  void scar_effect(int t, int entry) {
    if (entry == 11) {
      ENCSIM_SAY(log_, "  %s is out of action, dying", name(t));
      out(t, Out::dying);
    } else if (entry == 12) {
      st_[t].doomed = true;
    }
  }

  void out(int t, Out how) {
    State& s = st_[t];
    if (!s.in_fight) return;
    s.in_fight = false;
    s.how = how;
    s.held = Held::none;
    --alive_[side(t)];
    rec(t).down = true;
    rec(t).dead = how == Out::dead || (how == Out::dying && opt_.dying_pcs_count_dead);
    if (how == Out::routed) ++rec_.resources[kRouted];
    if (how == Out::fled || how == Out::routed) ++rec(t).extra[kExFled];
    if (side(t) == 1) {
      last_foe_fled_ = how == Out::fled || how == Out::routed;
      if (how != Out::fled) casualty_ = true;
    }
  }

  // ---------------------------------------------------------------------
  // Morale ("Morale"): the foes save on WIL at their first casualty and again
  // when half of them are gone; a lone foe saves at 0 HP. Resolved after the
  // action that caused it.

  void after_action() {
    if (opt_.morale == MoraleMode::off) {
      casualty_ = false;
      return;
    }
    bool group = false;
    if (casualty_ && alive_[1] > 0 && start_[1] >= 2) {
      if (!first_casualty_checked_) first_casualty_checked_ = group = true;
      if (!half_checked_ && 2 * alive_[1] <= start_[1]) half_checked_ = group = true;
    }
    casualty_ = false;
    if (group) group_morale();
    // "Lone foes must save when they're reduced to 0 HP": a foe alone on its
    // side at 0 HP saves once, whether its wound or its last ally's fall came
    // last. A group save just made (it took part) stands for this one.
    if (alive_[1] != 1 || !opt_.lone_foe_morale) return;
    for (int t = enc_.n_party; t < n_; ++t) {
      if (!st_[t].in_fight || st_[t].hp > 0 || st_[t].zero_checked) continue;
      st_[t].zero_checked = true;
      if (group) return;
      ++rec_.resources[kMoraleChecks];
      ENCSIM_SAY(log_, "Morale: %s stands alone at 0 HP", name(t));
      if (!dice_check(t, st_[t].wil, opt_.morale_dc, 0, "morale (WIL)")) flee(t);
    }
  }

  int leader_wil() const {
    for (int i = enc_.n_party; i < n_; ++i)
      if (st_[i].in_fight && f(i).leader) return st_[i].wil;
    return -1000;
  }

  void group_morale() {
    ++rec_.resources[kMoraleChecks];
    // "Some groups may use their leader's WIL in place of their own."
    int leader = -1;
    for (int i = enc_.n_party; i < n_ && opt_.morale_leader; ++i)
      if (st_[i].in_fight && f(i).leader) {
        leader = i;
        break;
      }
    if (opt_.morale == MoraleMode::group) {
      // One save for the group: the leader's WIL, else the best WIL among them.
      int who = leader;
      if (who < 0)
        for (int i = enc_.n_party; i < n_; ++i)
          if (st_[i].in_fight && (who < 0 || st_[i].wil > st_[who].wil)) who = i;
      ENCSIM_SAY(log_, "Morale: the foes save on %s's WIL", name(who));
      if (dice_check(who, st_[who].wil, opt_.morale_dc, 0, "morale (WIL)")) return;
      ENCSIM_SAY(log_, "The foes break and flee.");
      for (int i = enc_.n_party; i < n_; ++i)
        if (st_[i].in_fight) flee(i);
      return;
    }
    // Each foe saves for itself (with its leader's WIL where it has one).
    ENCSIM_SAY(log_, "Morale: each foe saves");
    for (int i = enc_.n_party; i < n_; ++i) {
      if (!st_[i].in_fight) continue;
      if (!dice_check(i, leader >= 0 ? st_[leader].wil : st_[i].wil, opt_.morale_dc, 0, "morale (WIL)")) flee(i);
    }
  }

  void flee(int t) {
    ENCSIM_SAY(log_, "  %s flees", name(t));
    ++rec_.resources[kMoraleFled];
    out(t, Out::fled);
  }

  // "Retreat": a DEX save; on a success the creature leaves the fight. A save
  // is not the creature's own roll, so gained advantage waits for one
  // (unless retreat_advantage).
  void retreat(int i) {
    spend(i, opt_.ap_retreat, kApRetreat);
    ENCSIM_SAY(log_, "%s tries to retreat", name(i));
    const int adv = opt_.retreat_advantage ? st_[i].gained_adv : 0;
    if (opt_.retreat_advantage) st_[i].gained_adv = 0;
    if (!dice_check(i, st_[i].dex, opt_.retreat_dc, adv, "retreat (DEX)")) return;
    ++rec_.resources[kRetreats];
    ENCSIM_SAY(log_, "  %s gets away", name(i));
    out(i, Out::fled);
  }

  // ---------------------------------------------------------------------
  // Magic ("Casting Spells", "Mana Dust", "Mishaps").

  // `feature`: the spell's entry in the feature table.
  void cast(int i, const Spell& sp, tactics::Target target, int feature) {
    State& s = st_[i];
    spend(i, opt_.ap_cast, kApCast);
    ++feat(feature).uses;
    const int adv = s.gained_adv;  // Gain Advantage serves the spell's check
    s.gained_adv = 0;
    if (s.wil_on_cast) lose_wil(i, dice_.die(4), "Mishap #8");
    // The dice in order: the free die of Mishap #11 (never used up), Mana Dust
    // (spent, no Fatigue), then inventory slots.
    const int n = std::min(sp.dice, magic_dice(i));
    const int free = s.free_die && n > 0 ? 1 : 0;
    const int dust = std::min(s.mana_dust, n - free);
    s.mana_dust -= dust;
    std::array<int, 4> v{};
    int sum = 0;
    for (int k = 0; k < n; ++k) {
      v[z(k)] = dice_.die(6);
      sum += v[z(k)];
    }
    int matches = 1;
    for (int k = 0; k < n; ++k) {
      int same = 0;
      for (int j = 0; j < n; ++j) same += v[z(j)] == v[z(k)] ? 1 : 0;
      matches = std::max(matches, same);
    }
    ++rec_.resources[kSpellsCast];
    ++rec(i).extra[kExSpellsCast];
    ENCSIM_SAY(log_, "%s casts %s with %d Magic Dice (%d free, %d Mana Dust): %d %d %d %d -> [sum] %d", name(i),
               sp.name.c_str(), n, free, dust, v[0], v[1], v[2], v[3], sum);
    if (free && v[0] >= 4) lose_wil(i, 1, "the free die of Mishap #11");
    int fatigue = 0, str_hits = 0;
    for (int k = free + dust; k < n; ++k) {
      if (s.vessel)
        str_hits += v[z(k)] >= 5 ? 1 : 0;  // Mishap #22: STR instead of Fatigue
      else
        fatigue += v[z(k)] >= (s.fatigue_on_3 ? 3 : 4) ? 1 : 0;
    }
    add_fatigue(i, fatigue);
    for (int k = 0; k < str_hits && s.in_fight; ++k) lose_str(i, dice_.die(4), "Mishap #22");
    const bool failed = matches >= 3;
    bool reversed = false;
    if (matches >= 2 && !s.vessel) reversed = mishap(i, sum, failed);
    if (failed) {
      ++rec_.resources[kSpellsFailed];
      ENCSIM_SAY(log_, "  the spell fails");
      return;
    }
    if (!s.in_fight) return;  // the mishap took the caster out of the fight
    if (sp.kind == Spell::Kind::heal) {
      heal(i, sum, reversed, feature);
      return;
    }
    std::array<int, Encounter::kMaxFighters> hit;
    int n_hit = 0;
    const int reach = std::min(sp.targets, alive_[1 - side(i)]);
    Scores memo;
    for (; n_hit < reach; ++n_hit) {
      const int t = select(i, target, hit.data(), n_hit, &memo);
      if (t < 0) break;
      hit[z(n_hit)] = t;
    }
    // "Attacks against multiple targets, the Attacker rolls once, and Each
    // Target roll a Save": one IR for every target.
    if (reversed) {
      // Mishap #5: the effect turns about: the damage heals its targets.
      for (int k = 0; k < n_hit; ++k) restore(hit[z(k)], sum);
      return;
    }
    const bool blast = sp.targets > 1;
    CheckRoll ir;
    if (sp.save >= 0 && n_hit > 0) {
      Check ic;
      ic.modifier = s.wil;
      ic.base_adv = adv + (!blast && f(hit[0]).detachment && !f(i).detachment ? -1 : 0);
      ir = roll_check(dice_, ic);
      note_natural(i, ir);
      ENCSIM_SAY(log_, "  IR %d (d20 %d %+d)", ir.total, ir.base, s.wil);
    }
    for (int k = 0; k < n_hit; ++k) {
      const int t = hit[z(k)];
      if (!st_[t].in_fight) continue;
      st_[t].last_attacker = i;
      bool lands = true;
      if (sp.save >= 0) {
        int save_adv = 0;
        if (sp.save == kDex && st_[t].held == Held::dodge) {  // a held dodge fires
          save_adv = 1;
          st_[t].held = Held::none;
          ++rec_.resources[kHeldFired];
          ++rec(t).extra[kExHeldFired];
        }
        Check tc;
        tc.base_adv = save_adv;
        tc.modifier = sp.save == kStr ? st_[t].str : sp.save == kDex ? st_[t].dex : st_[t].wil;
        const CheckRoll tr = roll_check(dice_, tc);
        note_natural(t, tr);
        lands = initiator_wins(ir, tr);
        ENCSIM_SAY(log_, "  %s saves: TR %d%s: %s", name(t), tr.total, save_adv ? " (held dodge)" : "",
                   lands ? "it lands" : "saved");
        rec(i).aimed(blast);  // a spell with a save is an attack; without one it cannot miss
        if (lands) rec(i).struck(blast, ir.natural_20());
      }
      if (lands) damage(i, t, sum - (opt_.spell_armor ? st_[t].armor : 0), feature);
    }
  }

  void restore(int t, int sum) {
    st_[t].hp = std::min(st_[t].hp_max, st_[t].hp + sum);
    ENCSIM_SAY(log_, "  %s is restored to HP %d", name(t), st_[t].hp);
  }

  // Healing goes to the ally with the lowest HP fraction; reversed (Mishap
  // #5), the same ally takes [sum] as spell damage instead.
  void heal(int i, int sum, bool reversed, int feature) {
    const int lo = side(i) == 0 ? 0 : enc_.n_party, hi = side(i) == 0 ? enc_.n_party : n_;
    int best = -1;
    double frac = 2.0;
    for (int j = lo; j < hi; ++j) {
      if (!st_[j].in_fight || st_[j].hp >= st_[j].hp_max) continue;
      const double fj = static_cast<double>(st_[j].hp) / st_[j].hp_max;
      if (fj < frac) best = j, frac = fj;
    }
    if (best < 0) {
      ENCSIM_SAY(log_, "  nobody needs healing");
      return;
    }
    if (reversed) {
      ENCSIM_SAY(log_, "  the healing turns to harm on %s", name(best));
      damage(i, best, sum - (opt_.spell_armor ? st_[best].armor : 0), feature);
    } else {
      feat(feature).healed += std::min(st_[best].hp_max, st_[best].hp + sum) - st_[best].hp;
      restore(best, sum);
    }
  }

  void lose_wil(int i, int n, const char* why) {
    st_[i].wil = std::max(0, st_[i].wil - n);
    ENCSIM_SAY(log_, "  %s loses %d WIL (%s): WIL %d", name(i), n, why, st_[i].wil);
  }

  // STR lost to magic; at 0 the caster is gone (dead, or "a spell" for #22).
  void lose_str(int i, int n, const char* why) {
    st_[i].str = std::max(0, st_[i].str - n);
    ENCSIM_SAY(log_, "  %s loses %d STR (%s): STR %d", name(i), n, why, st_[i].str);
    if (st_[i].str == 0) out(i, Out::dead);
  }

  void set_armor(int i) { st_[i].armor = std::min(3, st_[i].worn_armor + st_[i].magic_armor); }

  // "Each Fatigue occupies one slot"; with no free slot an item is dropped
  // instead, so the Magic Dice do not go below zero.
  void add_fatigue(int i, int n) {
    if (n <= 0) return;
    State& s = st_[i];
    s.fatigue += n;
    s.free_slots = std::max(0, s.free_slots - n);
    rec_.resources[kFatigue] += n;
    rec(i).extra[kExFatigue] += n;
    ENCSIM_SAY(log_, "  %s gains %d Fatigue (%d free slots left)", name(i), n, s.free_slots);
  }

  // A mishap, looked up by [sum]. The entries with an effect inside a fight
  // are applied (options.mishap_effects); the rest are told, not simulated.
  // True when the spell's effect is reversed (#5).
  bool mishap(int i, int sum, bool failed) {
    State& s = st_[i];
    ++rec_.resources[kMishaps];
    ++rec(i).extra[kExMishaps];
    ENCSIM_SAY(log_, "  %s: a mishap, [sum] %d: %s", failed ? "three of a kind" : "a pair", sum, mishap_name(sum));
    if (!opt_.mishap_effects) return false;
    switch (sum) {
      case 2: s.can_cast = false; break;
      case 3: s.fatigue_on_3 = true; break;
      case 4: add_fatigue(i, 1); break;
      case 5: add_fatigue(i, 1); return true;
      case 6:  // the Grimoire is not metal: it burns
        s.can_cast = false;
        s.grimoire_lost = true;
        break;
      case 8: s.wil_on_cast = true; break;
      case 10: out(i, Out::unconscious); break;  // the body lies unconscious while the spirit roams
      case 11:
        lose_wil(i, dice_.die(4), "arcane burns");
        s.free_die = true;
        break;
      case 12:
        s.free_slots = std::max(0, s.free_slots - 1);
        ++s.magic_armor;
        set_armor(i);
        break;
      case 13:  // no Grimoire, no spells
        s.can_cast = false;
        s.grimoire_lost = true;
        break;
      case 15: s.wil -= s.wil / 2; break;
      case 16:
        ++s.magic_armor;
        set_armor(i);
        lose_str(i, dice_.die(4), "fused with plants");
        break;
      case 19:  // wings: DEX, and no armor can be worn (a carried shield stays)
        s.dex += dice_.die(4);
        s.worn_armor = std::min(s.worn_armor, f(i).shield_armor);
        set_armor(i);
        break;
      case 22: s.vessel = true; break;
      case 24: s.elemental = true; break;
      default: break;
    }
    return false;
  }

  bool finish(Outcome o) {
    rec_.outcome = o;
    for (int i = 0; i < n_; ++i) {
      rec(i).hp_left = std::max(0, st_[i].hp);
      rec(i).hp_max = st_[i].hp_max;
    }
    rec_.foes_fled = o == Outcome::party_win && last_foe_fled_;
    if (carry_) [[unlikely]] carry_out();
    status(rec_.rounds);
    return true;
  }

  // The replay's status block (encsim/narration.hpp): HP is the track, STR
  // the line's first detail.
  void status(int round) {
    if constexpr (Log::kEnabled) {
      for (int i = 0; i < n_; ++i) {
        const State& s = st_[i];
        Standing& line = log_.standing(name(i), side(i), s.hp, s.hp_max);
        line.dealt = rec(i).damage_dealt;
        line.note("STR %d/%d", s.str, s.str_max);
        if (s.fatigue > 0) line.note("fatigue %d", s.fatigue);
        line.flag(s.in_fight && s.surprised, "surprised");
        if (!s.in_fight)
          line.out = s.str == 0 || (rec(i).dead && !rec(i).extra[kExFled]) ? "dead"
                     : rec(i).extra[kExFled]                            ? "fled"
                                                                        : "down";
      }
      log_.end_round(round);
    }
  }

  const Encounter& enc_;
  PartyState* carry_ = nullptr;
  const Options& opt_;
  R& dice_;
  R& init_;
  R& tact_;
  R& setup_;
  TrialRecord& rec_;
  Log& log_;
  int n_;
  Aim aim_[2] = {Aim::threat, Aim::finish};  // per side, from its play style
  bool guarded_[2] = {false, false};         // one blow a turn, then a held defence
  int round_ = 0;
  int first_ = 0;
  int alive_[2] = {0, 0};
  int start_[2] = {0, 0};
  int focus_[2] = {-1, -1};
  bool casualty_ = false;
  bool first_casualty_checked_ = false;
  bool half_checked_ = false;
  bool last_foe_fled_ = false;
  std::array<int, Encounter::kMaxFighters> order_[2];
  int order_size_[2] = {0, 0};
  State st_[Encounter::kMaxFighters];
};

template <class R, class Log>
void Encounter::simulate_with(R& dice, R& init, R& tact, R& setup, TrialRecord& out, Log& log) const {
  Battle<R, Log>(*this, dice, init, tact, setup, out, log).run();
}

}  // namespace encsim::cairn_ap
