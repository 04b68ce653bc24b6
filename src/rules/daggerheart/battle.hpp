// One Daggerheart fight. There is no initiative: the PCs act one at a time,
// each once before anyone twice; a failed roll or a roll with Fear passes the
// spotlight to the GM, who spotlights adversaries (the first free, more for
// Fear) and hands it back. Included only by simulate.cpp, which compiles it
// once (rules/simulate.hpp); a template on the die source and the log, like
// every rule system's fight.
//
// The class below declares the whole fight and its state; the member functions
// are defined by concern in headers included at the end of this one:
//   state.hpp            per-PC, per-adversary and per-countdown state (PcState, AdvState)
//   battle.hpp           the class: the fight's state and every member's declaration
//   round.hpp            rounds and spotlights, the action roll, the outcome
//   set_up.hpp           the fight's set-up, and a session's carried state
//   pcs.hpp              PCs: Hope and its features, attacks, damage rolls, NPC allies
//   pc_damage.hpp        what harms a PC: Stress, damage and Armor Slots, HP, death moves
//   gm.hpp               the GM: Fear and the GM's turn
//   adversaries.hpp      adversaries: features, effects, reactions, countdowns
//   choose.hpp           the value rule: what an option is worth, whom to aim at
//   play_cards.hpp       domain cards and features: actions and event reactions
//   play_hits.hpp        a hit's extras: attack cards' bonuses and targets, the `hit` reactions
//   card_value.hpp       the card value rule: what a card is worth, and which one a PC plays
//   play_attack.hpp      what cards add to a PC's own attacks (stances, charges, focus)
//   play_pool.hpp        token pools (Slayer Dice, Spellcharge, Never Upstaged)
//   play_defence.hpp     reactions around an adversary's attack, a hit that would mark HP, an ally's hit, a death move
//   play_zone.hpp        reductions standing over the party (Zone of Protection)
//   play_roll.hpp        reactions on a PC's own Duality roll (a Hope Die changed, a reroll)
//   play_party.hpp       cards that lift the party (a rally, an ally's Stress taken on, Full Surge)
//   play_boons.hpp       the -Touched cards' boons on rolls (a Spellcast bonus, a die added, Armor for Stress)
//   play_feats.hpp       features that lift the party (Luckbringer, Maestro, Eloquent, Water and Earth)
//   play_foes.hpp        cards that act on foes (a glyph, a Silence, a foe turned, saves, stolen Fear)
//   play_boosts.hpp      boosts a PC gives itself or an ally (A Soldier's Bond's ally, Ferocity, Wild Surge, Tactician, Fane's token)
//   play_spells.hpp      big spells on many foes or the party (a kill by Difficulty, a Hope per target, Stunned)
//   play_marks.hpp       marks on foes and the pools on them (Sigil of Retribution's dice, Twilight Toll's tokens)
//   play_forms.hpp       forms, wards and death turned back (Spectral, a stance's upkeep, a storm, a revival)
//   play_traits.hpp      ancestry, community and subclass traits on a PC's own rolls and hits (a shell, Know the Tide's tokens, Camaraderie)
//   play_strikes.hpp     strikes at several foes with dwindling dice, a foe thrown at another, lasting Vulnerable
//   play_guise.hpp       guises and auras on a PC (layers of illusion, a Stress per attack on it, Hidden after a miss)
//   play_link.hpp        links between PCs: who marks a linked PC's Stress and HP (Transcendent Union, Shared Clarity)
//   play_mount.hpp       mounts and shelters: conjured steeds (a rider's -N to attack rolls, +N to damage rolls, lost when
//                        it takes damage) and a dome no attack may target those inside of (Wild Fortress)
//   play_time.hpp        Book of Yarrow: an immunity until a rest, time stopped for all but the caster
//   play_copy.hpp        Copycat: the Hope its copy of an ally's card costs, the copy ended by the vault
//   play_dark.hpp        darkness a PC draws over itself: Dark Cloud's Cloaked, Veil of Night's veil
//   class_play.hpp       class features: Unstoppable, Ranger's Focus
//   beastform_play.hpp   the Druid's Beastform
//   companion_play.hpp   the Beastbound's companion
//   consumables_play.hpp potions and other consumables
//   group_play.hpp       Group Action rolls: who joins a PC's attack, their reaction rolls
// Every definition is a template member declared `inline`, so the compiler
// weighs it for inlining as it did when it was defined inside the class.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>

#include "rules/daggerheart/state.hpp"

namespace encsim::daggerheart {

// What a hit the `hit` reactions join is made with (card_hit): a weapon, or
// a rolled card's damage (a spell's or a trait roll's attack). `sides`: its
// damage die; `prof`: its dice count by Proficiency (so +1 Proficiency adds
// one); `magic`: Manipulate Magic's condition (a magic weapon, or a spell);
// `weapon`: a weapon's (`hit_if: weapon`).
struct HitWith {
  Range range = Range::melee;
  DamageType type = DamageType::physical;
  int sides = 0;
  bool prof = false;
  bool magic = false;
  bool weapon = false;
};

// A rolled card's attack on its targets (card_on_enemy): the `hit` reactions
// and Sneak Attack are decided at the first target its damage lands on, and
// what they add joins each target's damage.
struct CardAttack {
  RollResult r = RollResult::success_hope;
  bool decided = false;
  bool mixed = false;  // a reaction's damage of another type: the hit deals both
  int extra = 0;
};

template <class R, class Log>
class Battle {
 public:
  Battle(const Encounter& enc, R& dice, R& init, R& tact, R& setup, TrialRecord& rec, Log& log)
      : enc_(enc), party_(enc.party_flags), opt_(enc.opt), dice_(dice), tact_(tact), setup_(setup), rec_(rec), log_(log),
        n_pc_(static_cast<int>(enc.pcs.size())), n_adv_(static_cast<int>(enc.adversaries.size())),
        n_npc_(static_cast<int>(enc.npcs.size())) {
    (void)init;  // no initiative in Daggerheart
    for (int i = 0; i < n_pc_; ++i)  // the wizards not_this_time asks (pcs.hpp)
      if (pc(i).hope == HopeKind::force_reroll) rerollers_ |= std::uint32_t{1} << i;
  }

  void run();
  // Sessions: start from this carried state and leave the end state in it.
  void carry(PartyState* party) { carry_ = party; }

  using PcState = daggerheart::PcState;
  using AdvState = daggerheart::AdvState;

 private:
  using Target = tactics::Target;
  const Pc& pc(int i) const { return enc_.pcs[static_cast<std::size_t>(i)]; }
  const Adversary& adv(int j) const { return enc_.adversaries[static_cast<std::size_t>(j)]; }
  CombatantRecord& rpc(int i) { return rec_.combatants[static_cast<std::size_t>(i)]; }
  CombatantRecord& radv(int j) { return rec_.combatants[static_cast<std::size_t>(enc_.rec_index_adv(j))]; }
  FeatureRecord& feat(int k) { return rec_.features[static_cast<std::size_t>(k)]; }
  std::int64_t& res(Resource r) { return rec_.resources[r]; }
  const char* pname(int i) const { return pc(i).name.c_str(); }
  const char* aname(int j) const { return adv(j).name.c_str(); }
  bool standing(int i) const { return !pc_[i].out; }
  // A tie between two PCs goes to the name first in order, never to the order a scenario lists them.
  bool named_before(int q, int k) const { return pc(q).name < pc(k).name; }
  bool adv_named_before(int q, int k) const { return adv(q).name < adv(k).name; }  // the same for adversaries
  int hp_left(int i) const { return pc(i).hp - pc_[i].hp_marked; }
  int adv_hp_left(int j) const { return adv(j).hp - adv_[j].hp_marked; }
  // Unstoppable: a Guardian can't be Vulnerable (class_play.hpp).
  bool vulnerable(int i) const {
    return (pc_[i].vulnerable || pc_[i].stress_marked >= pc(i).stress) && pc_[i].unstoppable == 0;
  }
  int evasion(int i) const {
    return pc(i).evasion + pc_[i].evasion_bonus + (pc_[i].beast ? pc(i).beast_evasion : 0) + pc_[i].stance_evasion +
           pc_[i].fero_evasion + shield(i);
  }
  // Conjure Shield: Evasion while the PC holds enough Hope.
  int shield(int i) const {
    return pc(i).hope_evasion > 0 && pc_[i].hope >= pc(i).hope_evasion_at ? pc(i).hope_evasion : 0;
  }
  // A trait, thresholds and the attack in use, with the Beastform's changes while in it.
  // A PC's reaction roll: 2d12 + mod (and a d6 with advantage) against dc;
  // matching dice succeed, and it gives no Hope or Fear (SRD, reaction rolls).
  struct ReactionRoll {
    int hope, fear, total;
    bool ok;
  };
  ReactionRoll reaction_roll(int mod, int dc, bool advantage = false) {
    const int h = dice_.die(12), f = dice_.die(12);
    const int total = h + f + mod + (advantage ? dice_.die(6) : 0);
    return {h, f, total, h == f || total >= dc};
  }
  // Inlined: pc_attack, roll_mod and weapon_value read it for every roll, card and weapon weighed.
  [[gnu::always_inline]] int trait_of(int i, Trait t) const {
    const int v = pc(i).traits[static_cast<std::size_t>(t)] + pc_[i].trait_bonus +
                  (party_.trait_aura && auras_ ? aura_trait_bonus(i, t) : 0);  // Elemental Aura: Earth (play_feats.hpp)
    const int lifted = pc_[i].lift != 0 && static_cast<int>(t) == pc_[i].lift_trait ? pc_[i].lift : 0;  // Overwhelming Aura
    return pc_[i].beast && static_cast<int>(t) == pc(i).beast_trait ? v + lifted + pc_[i].beast_bonus : v + lifted;
  }
  int major_of(int i) const { return pc(i).major + (pc_[i].beast ? pc(i).beast_thresholds : 0) + pc_[i].stance_thresholds; }
  int severe_of(int i) const {
    return pc(i).severe + (pc_[i].beast ? pc(i).beast_thresholds : 0) + pc_[i].stance_severe + pc_[i].stance_thresholds;
  }
  // An Armor Slot the PC may mark now (none in a no_armor stance: Frenzy).
  bool armor_free(int i) const { return pc_[i].armor_marked < pc(i).armor_slots && !pc_[i].no_armor; }
  const PcWeapon& attack_of(int i) const { return pc_[i].beast ? pc(i).beast_attack : pc(i).primary; }
  // What joins each attack roll of a PC's for now: No Mercy's bonus, less a
  // conjured steed's penalty while it rides (Conjured Steeds; play_mount.hpp).
  int attack_plus(int i) const { return pc_[i].attack_bonus - pc_[i].steed; }
  int difficulty(int j) const { return adv(j).difficulty + adv(j).difficulty_bonus - adv_[j].distract - adv_[j].glyph; }
  bool over() const { return outcome_ != Outcome::draw || pcs_up_ == 0 || advs_up_ == 0; }

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

  // Reservoir sampling on the tactics stream: the k-th candidate replaces the
  // pick with chance 1/k (the first without a draw).
  bool one_in(int k) { return k == 1 || tact_.die(k) == 1; }
  bool within_budget(int n) const { return opt_.budget < 0 || fear_spent_ + n <= opt_.budget; }
  static bool passes(RollResult r) { return r != RollResult::crit && r != RollResult::success_hope; }

  using CdState = daggerheart::CdState;

  // ---- the battle (battle.hpp) ------------------------------------------
  void set_up();
  int next_pc();
  int select(bool pc_side, int self, Target target, const int* skip = nullptr, int n_skip = 0);
  template <class Usable, class Score>
  int best_by(int n, const Usable& usable, const Score& score);
  template <class Score>
  int best_in(std::uint64_t set, const Score& score);
  static bool succeeded(RollResult r);
  RollResult action_roll(int i, int modifier, int net_adv, int target_difficulty, int* total, bool attack);
  RollResult roll_and_say(int i, int modifier, int net_adv, int target_difficulty, int* total, int* h, int* f,
                          int hope_sides = 12);
  void roll_gains(int i, RollResult r);
  void after_roll(int i, RollResult r, bool attack);
  static const char* result_name(RollResult r);
  int severity(int dmg, int major, int severe) const;
  void finish();
  void status(int round);

  // ---- PCs (pcs.hpp) ----------------------------------------------------
  void gain_hope(int i, int n);
  void spend_hope(int i, int n, Resource use);
  void hope_feature(int i);
  bool pc_spotlight(int i);
  bool break_free(int i);
  void strange_patterns(int i, int h, int f);
  RollResult tag_team_roll(int i, int k, int mod_i, int net_i, int net_k, int difficulty_needed, int* total);
  int tag_team_partner(int i);
  RollResult rescue(int i, RollResult r, int difficulty_needed, int* total);
  void use_hope_feature_before(int i);
  void clear_hp(int i, int n);
  bool pc_attack(int i, int t, const PcWeapon& w, bool blaze);
  int sneak_attack(int i, bool crit);
  bool sneak_ok(int i) const;
  int pick_helper(int i, std::uint64_t skip = 0) const;
  int roll_pc_damage(int i, const PcWeapon& w, bool crit, int t);
  void mark_stress(int i, int n, bool own = false);  // own: PC i marks it itself, no link moves it (play_link.hpp)
  int damage_pc(int i, int dmg, DamageType type, bool direct, bool shred, int from, int down = 0, bool all_armor = false);
  bool armor_policy_uses(int i, int marks) const;
  void mark_hp(int i, int marks, int from);
  void death_move(int i, int from);
  void knock_out(int i, bool dead);
  void check_all_armor_marked();
  bool not_this_time(int t, int nat);
  void npc_trigger(Trigger trigger, int pc_index, int adversary);
  void party_effect(int npc, const Effect& e, int pc_index, int adversary, int feature);

  // ---- Beastform (beastform_play.hpp) -------------------------------------
  void transform(int i);
  void drop_out(int i, const char* why);
  int beast_features(int i, int t, BeastWhen when, unsigned* used);
  void beast_after_hit(int i, int t, unsigned used);

  // ---- Group Action rolls (group_play.hpp) --------------------------------
  std::uint64_t group_candidates(int i) const;
  int best_trait(int k) const;
  std::uint64_t group_supporters(int i, int t, const PcWeapon& w, int mod, int net);
  int group_reactions(int i, int t, std::uint64_t set);

  // ---- the Beastbound companion (companion_play.hpp) -----------------------
  static constexpr int kCompanionTarget = 1 << 10;  // select(): kCompanionTarget + o is PC o's companion
  bool companion_ready(int i) const {
    return pc(i).companion.present && !pc_[i].comp_out && standing(i);
  }
  int evasion_vs(int t, int j) const;  // a PC's Evasion against adversary j's attack (Battle-Bonded, Elusive Predator)
  bool battle_bonded(int t, int j) const;
  double companion_value(int i, int t) const;
  bool command_companion(int i, int t);
  double companion_worth(int o, int j, const Effect& e) const;
  int companion_or(int j, const Effect& e, int profile, int t);
  int single_target(int j, const Effect& e, Target target);
  void attack_companion(int j, const Effect& e, int o);
  void companion_hit(int o);
  bool loyal_friend(int i, int marks, int from);
  bool bonded(int i);

  // ---- class features (class_play.hpp) -----------------------------------
  void become_unstoppable(int i);
  int unstoppable_damage(int i);
  void unstoppable_after(int i, bool dealt);
  int unstoppable_severity(int i, int marks, DamageType type);
  bool focus_attack(int i, int t);
  bool focus_reroll(int i, bool attack, RollResult r) const;
  void focus_stress(int from, int j);

  // ---- features and cards on the PC's own Duality roll (play_roll.hpp) ----
  int hope_die_for(int i, bool attack, int* card);
  RollResult rolled_reactions(int i, RollResult r, int target_difficulty, int* total, int* h, int* f, int hope_sides,
                              int pass);
  bool roll_fits(const CardEffect& e, RollResult r) const;
  void prioritize(int i, int t);
  double result_worth(int i, RollResult r, double stakes) const;
  double reroll_worth(int i, Reroll what, int h, int f, int total, int target_difficulty, int hope_sides, double stakes,
                      Reroll* pick) const;
  RollResult reroll_reactions(int i, RollResult r, int target_difficulty, int* total, int* h, int* f, int hope_sides);
  void roll_success(int i, int card);
  // Boons on a PC's own rolls and marks (play_boons.hpp): a trait doubled
  // before a roll, a number added after it, an Armor Slot instead of a Stress.
  int trait_boon(int i);
  RollResult add_to_roll(int i, int k, RollResult r, int target_difficulty, int* total, int h, int f);
  int armor_for_stress(int i, int n);
  int spell_roll_mod(int i) const;
  int spell_hope_bonus(int i, int paid = 0) const;
  int spell_hope(int i);
  bool stress_experience(int i, int t, const PcWeapon& w, int modifier, int net, bool hope_ok) const;

  // ---- consumables (consumables_play.hpp) ---------------------------------
  bool use_consumable(int i);
  int venom_damage(int i, bool crit);

  // ---- the GM (gm.hpp) ---------------------------------------------------
  void gain_fear(int n, Resource source);
  bool can_spend(int n) const;
  void spend(int n, Resource use);
  void gm_turn();
  template <class Affordable>
  int next_adversary(const Affordable& affordable);

  // ---- adversaries and countdowns (adversaries.hpp) ----------------------
  int shrugs_off(int j, DamageType type) const;
  void damage_adversary(int from, int j, int dmg, DamageType type, bool melee, int roll_total, int feature,
                        bool mixed = false, int floor = 0, int plus = 0);
  void force_marks(int from, int j, int n, int feature);
  void credit(int from, int feature, int marks);
  void defeat(int j, int from);
  void start_countdowns_on(Countdown::StartOn event);
  void adv_mark_stress(int j, int n);
  void spotlight(int j);
  bool feature_usable(int j, int f) const;
  void pay(int j, const Feature& ft);
  void use_action_feature(int j, int f, Target target);
  void standard_attack(int j, Target target);
  void run_effect(int j, const Effect& e, Target target, int attacker, int taken);
  bool adversary_action_roll(int j, int difficulty_needed);
  int first_vulnerable(const int* skip, int n_skip);
  void attack_pcs(int j, const Effect& e, const int* targets, int n, int members);
  bool alt_applies(int j, bool advantage, bool hidden) const;
  int group_members(int j) const;
  int roll_d20(bool advantage, bool disadvantage = false);
  int before_damage(int j);
  void on_hit(int j, const Effect& e, int t);
  void fear_from(const Effect& e, bool affected);
  void reaction_rolls(int j, const Effect& e, const int* targets, int n);
  bool reaction_affordable(int j, int f) const;
  void use_reaction(int j, int f);
  void adversary_reaction(int j, Trigger trigger, int pc_index, int dmg, int marks = 0);
  void react(int j, Trigger trigger, int pc_index, int dmg, int marks);
  void adversary_reaction_all(Trigger trigger, int pc_index);
  void start_countdown(int c);
  static int dynamic_ticks(Countdown::Advance a, RollResult r);
  void advance_countdowns(RollResult r, bool attack, bool roll);
  void countdown_effect(const Countdown& cd);

  // ---- domain cards (play_cards.hpp) -------------------------------------
  // The Hope a PC keeps after paying `cost` Hope for a card: what its class
  // Hope feature needs (card_hope_reserve), none without such a feature, and
  // none once a one-off buy is made (No Mercy's bonus holds for the fight).
  int hope_keep(int i, int cost = 1) const {
    const HopeKind k = pc(i).hope;
    const bool needs = k != HopeKind::none && !(k == HopeKind::attack_bonus && pc_[i].attack_bonus != 0);
    return cost > 0 && needs && opt_.hope_features ? opt_.card_hope_reserve : 0;
  }
  // The card indices in a bit set, lowest first: `for (const int k : CardSet{bits})`.
  struct CardSet {
    std::uint32_t bits;
    struct It {
      std::uint32_t bits;
      int operator*() const { return std::countr_zero(bits); }
      It& operator++() {
        bits &= bits - 1;
        return *this;
      }
      bool operator!=(It o) const { return bits != o.bits; }
    };
    It begin() const { return {bits}; }
    It end() const { return {0}; }
  };
  // The live cards of PC i that answer `trig` (bit k: card k), walked in card
  // order: `for (const int k : CardSet{cards_on(i, trig)})`.
  std::uint32_t cards_on(int i, CardTrigger trig) const { return pc(i).cards_on[static_cast<std::size_t>(trig)]; }
  int spellcast_mod(int i) const;
  double card_mean(int i, const CardDice& d) const;  // card_value.hpp
  int roll_mod(int i, const CardEffect& e, bool lift = false) const;
  int area_reach(Range r) const;
  // An area card's reach: its range's, capped by its max_targets (Book of Tyfar).
  int card_reach(const CardEffect& e) const {
    const int n = area_reach(e.range);
    return e.max_targets > 0 && e.max_targets < n ? e.max_targets : n;
  }
  bool card_usable(int i, int k) const;
  bool card_payable(int i, int k, CardTrigger trig, int keep) const;
  double adv_marks(int j, double m, DamageType type) const;
  double card_on_value(int i, const CardEffect& e, int j, double extra_mean) const;
  double conditions_value(int i, const CardEffect& e, int j) const;
  double fail_heal_value(const CardEffect& e, int k) const;
  void fail_heal(const PcCard& c, int k);
  double p_beats(int mod, int net, int difficulty_needed) const;
  int heal_target(int i, bool self_ok, unsigned skip = 0) const;
  int heal_target_of(int i, int k) const;
  double upgrade_worth(int i, const CardEffect& e) const;  // Healing Field's upgrade (play_cards.hpp)
  void healed_once(int i, int k, int t);
  int ward_target(int i) const;
  bool warded(int i);
  double heal_value(const CardEffect& e, int k) const;
  double gift_value(const CardEffect& e, int k, int opt, int hp_from) const;
  int gift_option(const CardEffect& e, int k, int hp_from, double* value) const;
  void card_event(int i, CardTrigger trig, RollResult r, bool weapon, int foe, bool kill = false);
  void pay_card(int i, int k, bool count = true);
  double card_value(int i, int k, int* target, int aim = -1);
  bool card_has_target(int i, int k) const;
  double weapon_value(int i, int t) const;
  int experience_bonus(int i) const;
  // The Hope-spend policy on a roll (`experience_min_hope`): whether PC i,
  // holding this much Hope, spends one for a bonus on its roll now (an
  // Experience, a Companion Experience, Nature's Tongue's +2).
  bool hope_on_roll(int i, int paid = 0) const { return pc_[i].hope - paid >= std::max(1, opt_.experience_min_hope); }
  double weapon_marks(int i, int t, const PcWeapon& w, double plus = 0.0) const;
  int best_card(int i, int t, int* card_target, double* value);
  bool attack_or_card(int i, int t, const PcWeapon& w);
  int roll_card_dice(int i, const CardDice& d, bool crit, int more_prof = 0, bool keep = false);
  bool play_card(int i, int k, int t);
  void card_on_enemy(int i, const PcCard& c, int u, int beats, bool crit, CardAttack* attack = nullptr);
  void card_conditions(int i, const PcCard& c, int u);
  void card_for_pc(int i, const PcCard& c, int k);
  int card_attack_bonus(int i, bool crit, bool hope);
  int card_damaged(int i, int& dmg, int marks, DamageType type, int from);
  int card_hit(int i, int t, const HitWith& w, int dmg, bool crit, RollResult r, int* first, bool* mixed, int* plus);
  void card_targets(int i, const PcWeapon& w, int beats, int* targets, int* feats, int* n, unsigned* half);
  int before_attack(int i, int t, const PcWeapon& w, int mod, int net, int* first);
  int fail_advantage(int i);
  int stance_damage(int i);
  int vulnerable_damage(int i);
  int stressed_dice(int i);
  void hurt_clear(int i);
  void reprisal_mark(int i, int j);
  void per_hope_options(int i, int k, int foe, int keep);
  void fear_on_success(int i);
  void end_focus(int i, int t);
  void take_stance(int i, int k);
  void spotlight_stance(int i);
  void end_stance(int i, const char* why);
  void retaliate(int t, int j, int k);
  // pools of tokens (play_pool.hpp)
  bool pool_instead_of_hope(int i);
  RollResult pool_attack_roll(int i, RollResult r, int difficulty_needed, int* total);
  int pool_damage(int i, int t, int dmg, DamageType type, int* first, bool spell = false, bool rolled = true);
  void pool_hurt(int i, int marked, DamageType type, int from);
  double pool_guard_gain(int i, int k, double dmg, int n, int from) const;
  int pool_guard_count(int i, int k, double dmg, int held, int from) const;
  int pool_damaged(int i, int dmg, int from);
  double pool_fill_value(int i, int k) const;
  void pool_fill(int i, int k);
  int stance_save(int i, int marks);  // pc_damage.hpp
  // reductions over the party (play_zone.hpp)
  int hardest_foe() const;
  double zone_value(const CardEffect& e) const;
  void start_zone(int i, int k);
  int zone_reduce(int i, int dmg);
  double barrier_value(const CardEffect& e) const;
  void start_barrier(int i, int k);
  bool barrier_holds(int i, DamageType type, int from) const;
  int aura_target(int i, int k, double* worth) const;
  void start_aura(int i, int k, int t);
  int aura_armor(int i, int marks);
  void stance_aura(int i);
  int party_aura(int i, int dmg, int from);
  void aura_stress(int j);
  bool reflect_hit(int i, int dmg, int taken, DamageType type, int from);
  // `attacked` reactions (play_defence.hpp)
  double hit_worth(int t, double mean, bool direct) const;
  bool card_attacked(int t, int j, int bonus, int ev, bool adv_roll, bool dis_roll, int* nat, double mean,
                     double crit_add, bool direct, DamageType type);
  bool counter_roll(int w, int k, int t, int j);
  bool countered_ = false;  // the attack at hand was interrupted (counter_magic): it stops for every target
  bool on_the_brink(int i, int marks);
  bool armor_holds(int i);
  int shake_stress(int i, int n);
  int reaction_advantage(int t, int j, const Effect& e, int dmg, int dc);
  int card_armor(int i, int marks);
  bool card_dying(int i);
  void card_struck(int t, int j);
  double advantage_worth(int q) const;
  double rally_worth(int i) const;
  void start_rally(int i, const PcCard& c);
  void end_rally(int i);
  int rally_adv(int i) const { return cry_from_ >= 0 && cry_from_ != i ? 1 : 0; }  // Battle Cry's advantage
  int burden_target(int i) const;
  int burden_count(int i, int q) const;
  double burden_worth(int i, int q) const;
  void take_burden(int i, const PcCard& c, int q);
  void leave_gift(int i, int k, int foe);
  void take_gift(int i, int t);
  void ally_failed(int i, RollResult r);
  void surge(int i, int k);
  bool own_marks(int i, int t, const PcWeapon& w);
  // kCloud: Cloaked under a Dark Cloud (until an attack, or the GM clears the cloud; play_dark.hpp)
  static constexpr int kCloakAttack = 1, kCloakFear = 2, kInvisible = 4, kHidden = 8, kCloud = 16;
  static constexpr int kCloaked = kCloakAttack | kCloakFear | kCloud;  // Cloaked by any card (Sneak Attack)
  static constexpr int kEndsOnAttack = kCloakAttack | kCloud;  // the PC's next attack ends it
  // Darkness a PC draws over itself (play_dark.hpp)
  double cloud_worth(int i) const;
  double sneak_gain(int i) const;
  void start_cloud(int i, int k);
  bool clear_cloud(int j);
  double veil_worth(int i) const;
  void start_veil(int i, int k);
  void end_veil(int i);
  double hold_worth(int i) const;
  void start_hold(int i, int k);
  void hold_foe(int j, int t);
  void end_hold(int i, const char* why);
  bool free_held(int j);
  // Veil of Night: advantage on PC i's attack at `range` (beyond Melee) while its veil stands
  int veil_adv(int i, Range range) const { return party_.veils && pc_[i].veil != 0 && range != Range::melee ? 1 : 0; }
  // ... and disadvantage on adversary j's attack on PC t from beyond Melee
  bool veiled(int t, int j) const { return party_.veils && pc_[t].veil != 0 && adv(j).range != Range::melee; }
  // Guises and auras (play_guise.hpp)
  double guise_hit_worth(int i) const;
  int layers_plan(int i, const CardEffect& e, double* worth) const;
  void start_layers(int i, int k);
  bool layers_hold(int t, double mean);
  double guise_worth(int i, const CardEffect& e) const;
  void start_guise(int i, int k);
  bool guise_tax(int j, int t);
  double guise_cost(int j, int t) const;
  void vanish(int i, int k);
  void avoid_condition(int t, bool* vul, bool* res);
  DamageType miss_type_ = DamageType::physical;  // the type of the adversary attack that just failed (Vanishing Dodge)
  // Links between PCs (play_link.hpp)
  int link_pick(int i, int n, bool hp) const;
  int stress_room(int i, int n) const;
  int link_move(int i, int n, bool hp);
  int link_pair(int i, int* a, int* b) const;
  double link_worth(int i, const CardEffect& e) const;
  void start_link(int i, int k);
  bool links_ = false;  // a link is live (Transcendent Union, Shared Clarity): mark_stress and mark_hp ask it
  int link_moved_ = 0;  // the HP the last mark_hp passed to a linked PC (damage_pc counts them to the hit PC's hurt)
  // Mounts (play_mount.hpp): Conjured Steeds.
  double steed_gain(int q, int n) const;
  void conjure_steeds();
  void steed_roll(int i);
  int steed_damage(int i);
  void lose_steed(int i);
  // A dome (Wild Fortress; play_mount.hpp): the PCs inside (bits), its caster,
  // card and HP marked; aim_attack_: the adversary effect being aimed is an attack.
  double dome_plan(int i, const CardEffect& e, unsigned* in) const;
  void raise_dome(int i, int k);
  bool outside_stands() const;
  bool sheltered(int t, const Effect& e) const {
    return domed_ != 0 && (domed_ >> t & 1u) && (e.kind == Effect::Kind::attack || e.kind == Effect::Kind::group_attack);
  }
  void dome_struck(int j, const Effect& e, int members);
  double dome_value(int j, const Effect& e) const;
  void leave_dome(int i, const char* why);
  int dome_turn(int i);
  unsigned domed_ = 0;
  int dome_from_ = -1, dome_card_ = -1, dome_marked_ = 0;
  bool aim_attack_ = false;
  double unseen_worth(int q) const;
  int invisible_target(int i) const;
  void make_invisible(int i, const PcCard& c, int q);
  void spotlight_end(int i);
  int cloaked_attack_ = -1;  // the PC whose attack being made began while Cloaked (Sneak Attack)
  int low_die_ = 0;  // the lowest damage die of the PC's last weapon damage roll (roll_pc_damage)
  double taunt_worth(int i, int j) const;
  bool goaded(int j);
  // Marks on foes (play_foes.hpp): Glyph of Nightfall's Difficulty cut, Hush's Silence.
  double edge_worth(int j, int from, int cut, int lift, double extra = 0.0) const;
  double cut_worth(int j, int from, int cut) const { return edge_worth(j, from, cut, 0); }
  // The temporary conditions the party puts on a foe (the SRD's temporary
  // tag) and the GM's answer to them (play_foes.hpp): the glyph, Make a
  // Scene's Distract, a card's Vulnerable (with Chokehold's extra), On Fire.
  enum HeldKind { kHeldGlyph, kHeldDistract, kHeldVulnerable, kHeldFire, kHeldKinds };
  double temp_worth(int j, int c) const;
  bool temp_spotlight(int j);
  void clear_temp(int j, int c);
  void make_vulnerable(int j) {
    adv_[j].vulnerable = true;
    adv_[j].temps |= kTempVulnerable;
  }
  double exposed_mean(int j) const;
  int exposed_extra(int j);
  double fire_worth(int j) const;
  void set_fire(int i, const PcCard& c, int u);
  void burn(int j);
  void spotlight_action(int j);
  int cut_of(int i, const CardEffect& e) const;
  double foe_marks_value(int i, const CardEffect& e, int j) const;
  void mark_foe(int i, const PcCard& c, int u);
  bool foe_spotlight(int j);
  void hush_end(int i, const char* why);
  // Silenced (Hush) against a magic standard attack or feature; the party's
  // foe_marks first, so a fight without such cards reads one flag.
  bool hushed(int j) const {
    return party_.foe_marks && adv_[j].silenced_by >= 0 && adv(j).type_of_damage == DamageType::magic;
  }
  bool hushed(int j, const Feature& ft) const {
    return party_.foe_marks && adv_[j].silenced_by >= 0 && ft.effect.type == DamageType::magic;
  }
  double save_value(int i, const CardEffect& e, int j) const;
  int blast_picks(int i, const CardEffect& e, int j, int* picks) const;  // Fireball's neighbours (play_foes.hpp)
  double blast_value(int i, const CardEffect& e, int j) const;
  int turn_victim(int j, double* worth) const;
  void take_fear(const PcCard& c);
  void redirect_attack(int i, int k, int foe);
  void turn_foe(int i, const PcCard& c, int u);
  int again(int i, const CardEffect& e, int j) const {
    return e.again_penalty > 0 && j >= 0 && (pc_[i].beaten_foes >> j & 1u) != 0 ? e.again_penalty : 0;
  }
  void save_effects(int i, int k, const int* targets, int n, RollResult r, int total, bool* paid);
  void chain_wave(int i, const PcCard& c, const int* targets, int n, int dc, bool crit);  // Chain Lightning (play_foes.hpp)
  bool deal_saved(int i, const PcCard& c, int count, bool crit, const int* failed, int nf, const int* held, int nh,
                  const char* along);  // a reaction-roll card's damage (play_foes.hpp)
  // Big spells (play_spells.hpp): a kill by Difficulty (kill_at), targets
  // bought a Hope apiece (hope_each), Stunned foes.
  double kill_worth(int j) const { return adv(j).minion > 0 ? 1.0 : adv_hp_left(j); }
  int kill_picks(int i, const CardEffect& e, int* picks, double* worth) const;
  double kill_value(int i, const CardEffect& e) const;
  void kill_spell(int i, int k, RollResult r, bool* paid);
  int hope_budget(int i, const CardEffect& e) const;
  int hope_picks(int i, const PcCard& c, int* beaten, int n);
  bool stun_spotlight(int j);
  void stun_foe(const PcCard& c, int u);
  int beam_plan(int i, const CardEffect& e, int* give, double* worth) const;
  void beam(int i, const PcCard& c);
  double dark_worth();
  void start_dark(int i, int k);
  void dark_stress(int u);
  void end_dark(const char* why);
  void gm_dark();
  // A darkness over the field (Eclipse, play_spells.hpp): its caster and card, -1 none.
  int dark_from_ = -1, dark_card_ = -1;
  double hit_cost(int i, int dmg, DamageType type, bool direct, int down, bool all_armor, int* hp = nullptr) const;
  int card_ally_damaged(int t, int dmg, DamageType type, bool direct, int* down, bool* all_armor, bool* whole);

  // ---- choices by value (choose.hpp) -------------------------------------
  struct Plan {
    int feature = -1;     // -1: the standard attack
    double value = 0.0;   // in expected HP
    unsigned aim = 0;     // a single-target effect: the PCs it is worth most against (bits)
    // What the chosen effect is worth against each PC, as plan() weighed it
    // (bit t of `known`: on[t] holds it still), for aim_at (act_by_value).
    unsigned known = 0;
    double on[Encounter::kMaxPcs];
  };
  double expected_marks(int j, int profile, int t, bool direct, double* down) const;
  int standard_profile(int j) const;
  double target_value(int j, const Effect& e, int profile, int t) const;
  double effect_value(int j, const Effect& e, int profile, unsigned* aim, double* on, unsigned* known) const;
  bool runs_before_action(int j) const;
  const Effect& standard_effect(int j) const;
  void plan(int j, Plan& best);
  int aim_at(int j, const Effect& e, int profile, const int* skip, int n_skip);
  // Whether an adversary's pick at `target` is the value rule's alone: it aims
  // by value (run_effect set aim_e_ to the effect) at the GM's free choice,
  // with no goad or hard move's focus to come first. select() would then hand
  // the pick to aim_at; run_effect and single_target call it directly.
  bool aims_by_value(Target target) const { return aim_e_ && target == Target::random && goad_t_ < 0 && gm_focus_ < 0; }
  int pick_foe(int i);
  template <class Affordable>
  int next_by_threat(const Affordable& affordable, const bool* passed);
  void act_by_value(int j);

  static constexpr int kMaxPrayer = 16;
  static constexpr int kBeatsAny = 1 << 20;  // a roll total that meets any Difficulty (a critical)
  void carry_in();
  void carry_out();
  int hope_cap(int i) const { return hope_cap_[i]; }

  const Encounter& enc_;
  // What the party holds that the fight must watch for (Encounter::PartyFlags):
  // worked out when the encounter was compiled, the same for every fight.
  const Encounter::PartyFlags party_;
  PartyState* carry_ = nullptr;
  int hope_cap_[Encounter::kMaxPcs];  // Hope slots: hope_max less the scars carried in
  const Options& opt_;
  R& dice_;
  R& tact_;
  R& setup_;
  TrialRecord& rec_;
  Log& log_;
  int n_pc_, n_adv_, n_npc_;
  // The PCs whose Hope feature is Not This Time (bit i: PC i), set once in the
  // constructor (the stat blocks never change in a fight).
  std::uint32_t rerollers_ = 0;
  static_assert(Encounter::kMaxPcs <= 32, "rerollers_ holds a PC per bit");
  int round_ = 0;
  int fear_ = 0;
  int fear_spent_ = 0;
  int pcs_up_ = 0, advs_up_ = 0;
  int pc_streak_ = 0;
  int free_bonus_ = 0;
  int blazing_ = 0;  // death moves in progress (a blaze can down another PC)
  int reaction_depth_ = 0;
  int focus_ = -1;
  int roll_vs_ = -1;  // the adversary a PC's attack roll being made is against (Ranger's Focus), -1 none
  // The action roll being made (play_roll.hpp): its trait (-1 none known), an
  // Experience joined it, the weapon it attacks with (nullptr: not a weapon attack).
  int roll_trait_ = -1;
  bool roll_experience_ = false;
  const PcWeapon* roll_weapon_ = nullptr;
  int hard_focus_ = -1;  // the PC whose failure with Fear passed the spotlight
  int gm_focus_ = -1;    // during a GM turn: the hard move's focus
  bool follow_up_ = false;  // the value rule: can another attack follow in this GM turn?
  int aim_next_ = -1;       // the adversary whose next effect aims by value (act_by_value)
  int aim_profile_ = 0;     // ... its damage profile
  const Effect* aim_e_ = nullptr;  // while choosing that effect's targets
  unsigned aim_best_ = 0;          // ... the PCs plan() found it worth most against
  // ... and what it is worth against each PC, weighed once while its targets
  // are chosen (bit t of aim_have_: aim_value_[t] is known; aim_at).
  unsigned aim_have_ = 0;
  double aim_value_[Encounter::kMaxPcs];
  // ... those act_by_value set from plan()'s weighing (bits), made known by
  // the run_effect that aims j's effect, and cleared there.
  unsigned aim_planned_ = 0;
  Plan planned_;                   // gm_turn's plan for the adversary it pays for
  int planned_j_ = -1;
  int top_die_ = 0;               // the highest damage die of the PC's last weapon damage roll (roll_pc_damage)
  int pending_card_ = -1;          // the attack card whose attack pc_attack is making (-1: none)
  int heal_up_ = 0;                // while a paid upgrade heals the party: the HP each PC clears (Healing Field), else 0
  int prof_bonus_ = 0;             // more damage dice for the attack being rolled (Beastform features)
  int n_prayer_ = 0;
  int prayer_[kMaxPrayer];
  int prayer_owner_[kMaxPrayer];
  Outcome outcome_ = Outcome::draw;
  int last_hit_by_[Encounter::kMaxPcs];  // the adversary that last hit each PC
  PcState pc_[Encounter::kMaxPcs];
  AdvState adv_[Encounter::kMaxAdversaries];
  int adv_feat_[Encounter::kMaxAdversaries];  // the feature each adversary acts with now (-1: none)
  CdState cd_[Encounter::kMaxCountdowns];
  int npc_uses_[Encounter::kMaxNpcs][Encounter::kMaxFeatures];
  bool companion_ok_ = false;  // select(): the effect being aimed may go at a companion
  bool in_attack_ = false;  // damage_pc is dealing an adversary's attack's damage (a `hurt` pool, play_pool.hpp)
  int zone_ = 0, zone_pc_ = -1, zone_card_ = -1;  // a zone over the party: its die's value (0 none), caster, card (play_zone.hpp)
  std::uint64_t auras_ = 0;  // PCs (bits) whose stance holds an aura over the party (Elemental Aura: Air, play_zone.hpp)
  TypeMask barrier_ = 0;  // a barrier's resistance for every PC (play_zone.hpp) ...
  int barrier_pc_ = -1, barrier_card_ = -1;  // ... its caster and card
  int goad_t_ = -1;  // during a goaded adversary's spotlight: the PC it must attack, with disadvantage (play_party.hpp)
  int cry_from_ = -1, cry_card_ = -1;  // a rally (Battle Cry): the PC whose allies have advantage, its card; -1 none
  bool roll_spell_ = false;  // the action roll being made is a Spellcast roll (play_boons.hpp)
  int spell_owed_ = 0;  // ... the Hope its card still owes on a success (pay_on_success), kept for it (spell_hope)
  int last_fear_ = 0;        // the Fear Die of the last action roll of a PC with a fear_bonus card (Midnight-Touched)
  // ---- features that lift the party (play_feats.hpp) ----------------------
  void session_start(int i, bool again);
  int free_helper(int i, std::uint64_t skip);
  void help_die(int helper);
  void splash_stress(int i, int t);
  int aura_trait_bonus(int i, Trait t) const;
  int drill_sides_ = 0, drill_feat_ = -1;  // Martial Preparation's Slayer Dice held apart: their sides and the teacher's row (play_pool.hpp)
  int help_sides_ = 0;  // the advantage die of the Help on the roll being made (Epic Poetry's d10), 0: a d6
  // ---- boosts a PC gives itself or an ally (play_boosts.hpp) --------------
  int bond_ally(int i, const CardEffect& e) const;
  void foe_marked(int i, int marks);
  void fero_ends(int t, bool hit, bool turned);
  void rise(int i, int k);
  int rising_add(int i);
  void rising_step(int i);
  int tag_team_die(int i);
  void crit_use(int i, const CardDef& spell);
  // ---- marks on foes and the pools on them (play_marks.hpp) ---------------
  double sigil_worth(int i, int k, int j) const;
  double sigil_pick(int i, int k, int* target) const;
  void sigil_mark(int i, const PcCard& c, int u);
  void sigil_hurt(int j, int t);
  void toll_token(int i, int u);
  int foe_pool_spell(int i, const PcCard& c, int u, int dmg, int beats, bool rolled, bool mixed = false, int plus = 0);
  void first_attack(int i, int t, const PcWeapon& w, int mod, int* net);
  int first_ally(int i) const;
  double twin_worth(int q, int n) const;
  int twin_pick(int i, const CardEffect& e, double* worth) const;
  void twin_charge(int i, const PcCard& c, int q);
  void twin_target(int i, int beats, int* targets, int* feats, int* n);
  int split_plan(int i, int total, const int* targets, const double* chance, int n, int* give, double* worth) const;
  double split_value(int i, const CardEffect& e, double paid) const;
  int reached_foes(int i, const CardEffect& e, Range reach, int* targets, double* chance) const;
  void split_strike(int i, int k, const int* targets, int n, RollResult r, int beats, bool* paid);
  void echo(int from, int j, int dmg, DamageType type, bool mixed);
  bool in_echo_ = false;
  double familiar_worth(int i, const CardEffect& e) const;
  void summon(int i, const PcCard& c);
  int familiar_damage(int i, int t, int dmg, DamageType type);  // an echo's own damage is being dealt (it sets off no other)
  // ---- forms, wards and turning death back (play_forms.hpp) ---------------
  double spectral_worth(int i, const CardEffect& e) const;
  void become_spectral(int i, int k);
  int spectral_hit(int i, int dmg);
  void end_spectral(int i, const char* why);
  void stance_upkeep(int i);
  void upkeep_first(int i);
  std::uint32_t upkept_ = 0;  // PCs whose stance Hope for the coming roll is paid already (upkeep_first)
  void absorb(int i, int j);
  bool unbound(int t) const;
  void storm_foe(int i, const PcCard& c, int u);
  double storm_worth() const;
  void gm_storm();
  int revive_target(int i) const;
  double revive_worth(int q) const;
  void revive(int i, const PcCard& c, int q);
  void spent_on_fail(int i, int k);
  bool roll_self_ = false;  // the action roll being made is at no other creature (Spectral stays)
  std::uint64_t storm_ = 0;  // adversaries (bits) a storm holds Vulnerable (Tempest) ...
  int storm_pc_ = -1, storm_card_ = -1;  // ... its caster and card
  // ---- traits on a PC's own rolls and hits (play_traits.hpp) --------------
  bool resisted(int i, DamageType type, int from) const;
  void retract(int i, int k);
  int shell_resist(int i, int dmg);
  void leave_shell(int i);
  void tide_on_fear(int i);
  int tide_before_roll(int i, int modifier, int net, int difficulty_needed);
  bool honed_expertise(int i);
  int tag_team_cost(int i, int k) const;
  bool cheaper_tag_team(int i) const;
  void camaraderie(int i, int k, int cost);
  int matching_dice(int i, const int* d, int n);
  int match_card_ = -1;  // a double_matches card played on the attack being made (Sacred Resonance), -1 none
  int help_spell(int i);
  int roll_helper_ = -1;     // the PC that Helped the Spellcast roll being made, -1 none
  bool spell_hit_ = false;   // the spotlight action of a PC with a spotlight_end reaction was a successful spell (Cloaking Blast)
  // ---- strikes at several foes, thrown foes, lasting conditions (play_strikes.hpp)
  double run_plan(int i, const int* level, int nl, const int* targets, const double* chance, int m, int* order) const;
  double run_value(int i, const CardEffect& e) const;
  void run_strike(int i, int k, const int* targets, int n, RollResult r, int beats);
  int lift_pick(int i, const CardEffect& e, int t) const;
  double throw_value(int i, const CardEffect& e, int* target) const;
  bool throw_spell(int i, int k, int t);
  double lasting_worth(int j) const;
  void doom(int u);
  void sprint(int i, int t, const PcWeapon& w, int* mod, int net);
  int sprite_count(int i, const CardEffect& e) const;
  double sprites_worth(int i, const CardEffect& e) const;
  void summon_sprites(int i, int k);
  RollResult sprite_roll(int i, RollResult r, int difficulty_needed, int* total);
  int sprite_armor(int i, int marks);
  int sprites_ = 0;                        // sprites standing over the party (Forest Sprites) ...
  int sprite_pc_ = -1, sprite_card_ = -1;  // ... their caster and card, and what one adds to an attack roll
  int sprite_bonus_ = 0;
  RollResult adjust_total(int i, RollResult r, int target_difficulty, int* total, int h, int f, int hope_sides);
  RollResult spell_roll(int i, const CardEffect& e, int u, int* total, bool lift = false);
  double banish_value(int i, const CardEffect& e, int* target) const;
  bool banish_spell(int i, int k, int t);
  void banish_return();
  std::uint64_t banished_ = 0;  // adversaries (bits) out of the fight by Banish ...
  int banish_pc_ = -1, banish_card_ = -1;  // ... the caster and card of the last one
  void renew(int o, int k);
  int* run_dice_ = nullptr;  // roll_pc_damage copies the kept damage dice here when set (Deathrun) ...
  int run_n_ = 0;            // ... and their count
  std::uint64_t doomed_ = 0;  // adversaries (bits) Vulnerable until the fight ends (Book of Ronin)
  // ---- Book of Yarrow: an immunity until a rest, time stopped (play_time.hpp)
  static constexpr int kImmunitySpell = 1, kTimeSpell = 2;  // yarrow_pick's answers
  static constexpr int kTimeTarget = -2;  // card_value's target for the time stop (the immunity's: the PC)
  static constexpr int kMaxStopped = 4;   // actions at most in one stopped time
  double typed_harm(int j, DamageType type) const;
  double immunity_worth(int i, const CardEffect& e) const;
  void become_immune(int i, int k);
  int immune_hit(int i, int dmg, DamageType type);
  int self_action(int i, int skip, double* worth, int* target);
  double time_stop_worth(int i, int k, int aim);
  int yarrow_pick(int i, int k, int aim, double* worth);
  bool play_yarrow(int i, int k, int t);
  bool stop_time(int i, int k);
  void resume_time(const char* why);
  // ---- Copycat (play_copy.hpp)
  static constexpr int kCopyNever = 100;  // copy_due of a copy spent or lost: more Hope than any PC holds
  int copy_due(int i, int k) const;
  bool copy_short(int i, int k, int hope) const;
  int card_hope(int i, int k) const;
  void pay_copy(int i, int k);
  void copy_vaulted(int o, int k);
  int time_stop_ = -1;      // the PC for whom time is stopped (Timejammer), -1 none: no one else acts or reacts
  bool time_ends_ = false;  // ... it has made an action roll at another creature: time goes on once it resolves
};

}  // namespace encsim::daggerheart

#include "rules/daggerheart/round.hpp"
#include "rules/daggerheart/set_up.hpp"
#include "rules/daggerheart/pcs.hpp"
#include "rules/daggerheart/pc_damage.hpp"
#include "rules/daggerheart/gm.hpp"
#include "rules/daggerheart/adversaries.hpp"
#include "rules/daggerheart/choose.hpp"
#include "rules/daggerheart/play_cards.hpp"
#include "rules/daggerheart/play_hits.hpp"
#include "rules/daggerheart/card_value.hpp"
#include "rules/daggerheart/play_attack.hpp"
#include "rules/daggerheart/play_pool.hpp"
#include "rules/daggerheart/play_defence.hpp"
#include "rules/daggerheart/play_zone.hpp"
#include "rules/daggerheart/beastform_play.hpp"
#include "rules/daggerheart/consumables_play.hpp"
#include "rules/daggerheart/group_play.hpp"
#include "rules/daggerheart/companion_play.hpp"
#include "rules/daggerheart/class_play.hpp"
#include "rules/daggerheart/play_roll.hpp"
#include "rules/daggerheart/play_boons.hpp"
#include "rules/daggerheart/play_party.hpp"
#include "rules/daggerheart/play_feats.hpp"
#include "rules/daggerheart/play_foes.hpp"
#include "rules/daggerheart/play_boosts.hpp"
#include "rules/daggerheart/play_spells.hpp"
#include "rules/daggerheart/play_marks.hpp"
#include "rules/daggerheart/play_forms.hpp"
#include "rules/daggerheart/play_traits.hpp"
#include "rules/daggerheart/play_strikes.hpp"
#include "rules/daggerheart/play_guise.hpp"
#include "rules/daggerheart/play_link.hpp"
#include "rules/daggerheart/play_mount.hpp"
#include "rules/daggerheart/play_time.hpp"
#include "rules/daggerheart/play_copy.hpp"
#include "rules/daggerheart/play_dark.hpp"
