// One cairn-ap fight, in the order of the seed's "Combat" chapter: initiative,
// turns of Action Points, attacks as contested checks, damage past armor into
// HP and then STR, critical damage, scars, morale, detachments, retreat and
// magic. Included only by simulate.cpp, which compiles it once (rules/simulate.hpp);
// a template on the die source and the log.
//
// The class below declares the whole fight and its state; the member
// functions are defined by concern in headers included at the end of this one:
//   battle.hpp    the set-up, initiative, the round loop, the outcome and the
//                 replay's status block
//   turns.hpp     a turn: Action Points, the actions' costs, the tactics'
//                 choice of action, the action carried out
//   targets.hpp   whom an attack or spell goes to: tactics targets, the play
//                 styles' scores, ties
//   defence.hpp   saves, the IR against TR contest, the target's defence
//   attacks.hpp   an attack: the initiator's check, blasts, several targets,
//                 ripostes
//   damage.hpp    armor, HP then STR, critical damage, scars, leaving the fight
//   morale.hpp    the foes' morale, flight and retreat
//   magic.hpp     casting, Mana Dust, Fatigue, healing, mishaps
//   carry_fight.hpp sessions: the carried state in and out
// Every definition is a template member declared `inline`, so the compiler
// weighs it for inlining as it did when it was defined inside the class.
#pragma once

#include <algorithm>
#include <array>

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

  // Sessions (carry_fight.hpp): the carried state in at the set-up, out at the end.
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
  // Defined in turns.hpp.

  void take_turn(int i);

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

  int cost(int i, const tactics::Rule& r) const;

  struct View {
    const Battle* b;
    int self;
    double var(int id) const;
  };

  const tactics::Rule* choose_rule(int i) const;
  void spend(int i, int ap, Resource kind);
  void move(int i);
  void perform(int i, const tactics::Rule& r);

  // ---------------------------------------------------------------------
  // Targets.
  // Defined in targets.hpp.

  // The scores of one attacker's enemies under its side's aim, for a choice
  // of several targets (a blast, an attack or spell on several): the picks
  // follow one another with nothing changing in between (no roll, no
  // damage), so each enemy is scored once for the whole choice. Plain and
  // unset until the first pick fills it: building one costs nothing.
  struct Scores {
    int filled = 0;  // 0 until the first pick
    std::array<double, Encounter::kMaxFighters> of;
  };

  template <class Usable>
  int select_by(int i, tactics::Target target, const Usable& usable, Scores* memo = nullptr);

  // The play styles' scoring rule (docs/rules/cairn-ap.md, "Play styles"):
  // the expected damage of one blow from the attributes and dice now, a few
  // operations per enemy, no search and no dice.

  // P(IR >= TR) for a contest whose totals differ by `mean` on average: the
  // two d20 and the Object Dice as a normal spread (variance 66.5 + the
  // dice's), tabled by half points so a choice costs no erfc.
  static double die_mean(int sides) { return sides > 0 ? (sides + 1) / 2.0 : 0.0; }
  static double die_variance(int sides) { return sides > 0 ? (sides * sides - 1) / 12.0 : 0.0; }
  static double inverse_sd(int attack_sides, int defence_sides);
  static double contest_chance(double mean, double inv_sd);
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
  Striker striker(int a) const;
  double blow_value(const Striker& s, int t) const;
  double target_value(const Striker& s, int t, Aim aim) const;
  void score_enemies(int i, Aim aim, const int* cand, int count, double* out) const;

  template <class Usable>
  int best_scored(int i, int lo, int hi, Aim aim, const Usable& usable, Scores* memo);
  int select(int i, tactics::Target target, const int* skip, int n_skip, Scores* memo = nullptr);

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

  template <class Usable, class Score>
  int best_by(int lo, int hi, const Usable& usable, const Score& score);

  // ---------------------------------------------------------------------
  // Checks and saves.
  // Defined in defence.hpp.

  void note_natural(int i, const CheckRoll& r);
  bool initiator_wins(const CheckRoll& ir, const CheckRoll& tr) const;
  bool dice_check(int i, int attribute_value, int dc, int adv, const char* what);
  Check defence_check(int t, Defence d, int adv) const;
  Defence free_defence(int t, bool ranged) const;
  CheckRoll save_against_attack(int a, int t, bool ranged, bool& riposte);

  // ---------------------------------------------------------------------
  // Attacks ("Attacking & Damage", "Attack Modifiers", "Detachments").
  // Defined in attacks.hpp.

  void attack(int a, int primary, bool riposte_strike, tactics::Target aim = tactics::Target::lowest_hp,
              Scores* memo = nullptr);

  // ---------------------------------------------------------------------
  // Damage, critical damage and scars ("Armor", "Critical Damage", "Scars").
  // Defined in damage.hpp.

  void damage(int a, int t, int dmg, int feature);
  void critical(int t);
  int scar(int t, int hp_before);
  void scar_effect(int t, int entry);
  void out(int t, Out how);

  // ---------------------------------------------------------------------
  // Morale ("Morale"): the foes save on WIL at their first casualty and again
  // when half of them are gone; a lone foe saves at 0 HP. Resolved after the
  // action that caused it.
  // Defined in morale.hpp.

  void after_action();
  int leader_wil() const;
  void group_morale();
  void flee(int t);
  void retreat(int i);

  // ---------------------------------------------------------------------
  // Magic ("Casting Spells", "Mana Dust", "Mishaps").
  // Defined in magic.hpp.

  void cast(int i, const Spell& sp, tactics::Target target, int feature);
  void restore(int t, int sum);
  void heal(int i, int sum, bool reversed, int feature);
  void lose_wil(int i, int n, const char* why);
  void lose_str(int i, int n, const char* why);

  void set_armor(int i) { st_[i].armor = std::min(3, st_[i].worn_armor + st_[i].magic_armor); }

  void add_fatigue(int i, int n);
  bool mishap(int i, int sum, bool failed);

  // ---------------------------------------------------------------------
  // The outcome, and the replay's status block.

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

}  // namespace encsim::cairn_ap

#include "rules/cairn_ap/turns.hpp"
#include "rules/cairn_ap/targets.hpp"
#include "rules/cairn_ap/defence.hpp"
#include "rules/cairn_ap/attacks.hpp"
#include "rules/cairn_ap/damage.hpp"
#include "rules/cairn_ap/morale.hpp"
#include "rules/cairn_ap/magic.hpp"
#include "rules/cairn_ap/carry_fight.hpp"
