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
//   battle.hpp           rounds and spotlights, the action roll, the outcome
//   set_up.hpp           the fight's set-up, and a session's carried state
//   pcs.hpp              PCs: Hope and its features, attacks, damage rolls, NPC allies
//   pc_damage.hpp        what harms a PC: Stress, damage and Armor Slots, HP, death moves
//   gm.hpp               the GM: Fear and the GM's turn
//   adversaries.hpp      adversaries: features, effects, reactions, countdowns
//   choose.hpp           the value rule: what an option is worth, whom to aim at
//   play_cards.hpp       domain cards and features: actions and event reactions
//   card_value.hpp       the card value rule: what a card is worth, and which one a PC plays
//   play_attack.hpp      what cards add to a PC's own attacks (stances, charges, focus)
//   play_pool.hpp        token pools (Slayer Dice, Spellcharge, Never Upstaged)
//   play_defence.hpp     reactions around an adversary's attack, an ally's hit, a death move
//   play_zone.hpp        reductions standing over the party (Zone of Protection)
//   play_roll.hpp        reactions on a PC's own Duality roll (a Hope Die changed, a reroll)
//   play_party.hpp       cards that lift the party (a rally, an ally's Stress taken on, Full Surge)
//   play_boons.hpp       the -Touched cards' boons on rolls (a Spellcast bonus, a die added, Armor for Stress)
//   play_feats.hpp       features that lift the party (Luckbringer, Maestro, Eloquent, Water and Earth)
//   play_foes.hpp        cards that act on foes (a glyph, a Silence, a foe turned, saves, stolen Fear)
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

template <class R, class Log>
class Battle {
 public:
  Battle(const Encounter& enc, R& dice, R& init, R& tact, R& setup, TrialRecord& rec, Log& log)
      : enc_(enc), opt_(enc.opt), dice_(dice), tact_(tact), setup_(setup), rec_(rec), log_(log),
        n_pc_(static_cast<int>(enc.pcs.size())), n_adv_(static_cast<int>(enc.adversaries.size())),
        n_npc_(static_cast<int>(enc.npcs.size())) {
    (void)init;  // no initiative in Daggerheart
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
           shield(i);
  }
  // Conjure Shield: Evasion while the PC holds enough Hope.
  int shield(int i) const {
    return pc(i).hope_evasion > 0 && pc_[i].hope >= pc(i).hope_evasion_at ? pc(i).hope_evasion : 0;
  }
  // A trait, thresholds and the attack in use, with the Beastform's changes while in it.
  int trait_of(int i, Trait t) const {
    const int v = pc(i).traits[static_cast<std::size_t>(t)] + pc_[i].trait_bonus +
                  (trait_aura_ && auras_ ? aura_trait_bonus(i, t) : 0);  // Elemental Aura: Earth (play_feats.hpp)
    return pc_[i].beast && static_cast<int>(t) == pc(i).beast_trait ? v + pc_[i].beast_bonus : v;
  }
  int major_of(int i) const { return pc(i).major + (pc_[i].beast ? pc(i).beast_thresholds : 0) + pc_[i].stance_thresholds; }
  int severe_of(int i) const {
    return pc(i).severe + (pc_[i].beast ? pc(i).beast_thresholds : 0) + pc_[i].stance_severe + pc_[i].stance_thresholds;
  }
  // An Armor Slot the PC may mark now (none in a no_armor stance: Frenzy).
  bool armor_free(int i) const { return pc_[i].armor_marked < pc(i).armor_slots && !pc_[i].no_armor; }
  const PcWeapon& attack_of(int i) const { return pc_[i].beast ? pc(i).beast_attack : pc(i).primary; }
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
  void mark_stress(int i, int n);
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
  int spellcast_mod(int i) const;
  int roll_mod(int i, const CardEffect& e) const;
  int area_reach(Range r) const;
  bool card_usable(int i, int k) const;
  bool card_payable(int i, int k, CardTrigger trig, int keep) const;
  double adv_marks(int j, double m, DamageType type) const;
  double card_on_value(int i, const CardEffect& e, int j, double extra_mean) const;
  double conditions_value(int i, const CardEffect& e, int j) const;
  double fail_heal_value(const CardEffect& e, int k) const;
  void fail_heal(const PcCard& c, int k);
  double p_beats(int mod, int net, int difficulty_needed) const;
  int heal_target(int i, bool self_ok) const;
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
  double weapon_marks(int i, int t, const PcWeapon& w) const;
  int best_card(int i, int t, int* card_target, double* value);
  bool attack_or_card(int i, int t, const PcWeapon& w);
  int roll_card_dice(int i, const CardDice& d, bool crit, int more_prof = 0);
  bool play_card(int i, int k, int t);
  void card_on_enemy(int i, const PcCard& c, int u, int beats, bool crit);
  void card_conditions(int i, const PcCard& c, int u);
  void card_for_pc(int i, const PcCard& c, int k);
  int card_attack_bonus(int i, bool crit, bool hope);
  int card_damaged(int i, int dmg, int marks, DamageType type, int from);
  int card_hit(int i, int t, const PcWeapon& w, int dmg, bool crit, RollResult r, int* first, bool* mixed, int* plus);
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
  int pool_damage(int i, int t, int dmg, DamageType type, int* first);
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
                     double crit_add, bool direct);
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
  static constexpr int kCloakAttack = 1, kCloakFear = 2, kInvisible = 4;
  double unseen_worth(int q) const;
  int invisible_target(int i) const;
  void make_invisible(int i, const PcCard& c, int q);
  void spotlight_end(int i);
  int cloaked_attack_ = -1;  // the PC whose attack being made began while Cloaked (Sneak Attack)
  int low_die_ = 0;  // the lowest damage die of the PC's last weapon damage roll (roll_pc_damage)
  double taunt_worth(int i, int j) const;
  bool goaded(int j);
  // Marks on foes (play_foes.hpp): Glyph of Nightfall's Difficulty cut, Hush's Silence.
  double cut_worth(int j, int from, int cut) const;
  int cut_of(int i, const CardEffect& e) const;
  double foe_marks_value(int i, const CardEffect& e, int j) const;
  void mark_foe(int i, const PcCard& c, int u);
  bool foe_spotlight(int j);
  void hush_end(int i, const char* why);
  bool hushed(int j) const { return adv_[j].silenced_by >= 0 && adv(j).type_of_damage == DamageType::magic; }
  bool hushed(int j, const Feature& ft) const { return adv_[j].silenced_by >= 0 && ft.effect.type == DamageType::magic; }
  bool foe_marks_ = false;  // a PC holds a card that marks foes (marks_foes) or that foes roll against (save)
  double save_value(int i, const CardEffect& e, int j) const;
  int turn_victim(int j, double* worth) const;
  void take_fear(const PcCard& c);
  void redirect_attack(int i, int k, int foe);
  void turn_foe(int i, const PcCard& c, int u);
  int again(int i, const CardEffect& e, int j) const {
    return e.again_penalty > 0 && j >= 0 && (pc_[i].beaten_foes >> j & 1u) != 0 ? e.again_penalty : 0;
  }
  void save_effects(int i, int k, const int* targets, int n, RollResult r, int total, bool* paid);
  double hit_cost(int i, int dmg, DamageType type, bool direct, int down, bool all_armor, int* hp = nullptr) const;
  int card_ally_damaged(int t, int dmg, DamageType type, bool direct, int* down, bool* all_armor, bool* whole);

  // ---- choices by value (choose.hpp) -------------------------------------
  struct Plan {
    int feature = -1;     // -1: the standard attack
    double value = 0.0;   // in expected HP
    unsigned aim = 0;     // a single-target effect: the PCs it is worth most against (bits)
  };
  double expected_marks(int j, int profile, int t, bool direct, double* down) const;
  int standard_profile(int j) const;
  double target_value(int j, const Effect& e, int profile, int t) const;
  double effect_value(int j, const Effect& e, int profile, unsigned* aim) const;
  const Effect& standard_effect(int j) const;
  Plan plan(int j);
  int aim_at(int j, const Effect& e, int profile, const int* skip, int n_skip);
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
  PartyState* carry_ = nullptr;
  int hope_cap_[Encounter::kMaxPcs];  // Hope slots: hope_max less the scars carried in
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
  Plan planned_;                   // gm_turn's plan for the adversary it pays for
  int planned_j_ = -1;
  int top_die_ = 0;               // the highest damage die of the PC's last weapon damage roll (roll_pc_damage)
  int pending_card_ = -1;          // the attack card whose attack pc_attack is making (-1: none)
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
  int n_companions_ = 0;       // PCs with a companion
  bool attacked_reactions_ = false;  // a PC holds an `attacked` reaction (play_defence.hpp)
  bool ally_reactions_ = false;      // a PC holds an `ally_damaged` reaction (play_defence.hpp)
  bool ally_rerolls_ = false;        // a PC holds an `ally_rolled` reaction, with an ally (play_roll.hpp)
  bool reprisal_ = false;            // a PC holds Act of Reprisal's passive, with an ally (play_cards.hpp)
  bool evasion_vs_ = false;  // a PC's Evasion depends on its attacker (evasion_vs)
  bool companion_ok_ = false;  // select(): the effect being aimed may go at a companion
  bool in_attack_ = false;  // damage_pc is dealing an adversary's attack's damage (a `hurt` pool, play_pool.hpp)
  int zone_ = 0, zone_pc_ = -1, zone_card_ = -1;  // a zone over the party: its die's value (0 none), caster, card (play_zone.hpp)
  std::uint64_t auras_ = 0;  // PCs (bits) whose stance holds an aura over the party (Elemental Aura: Air, play_zone.hpp)
  TypeMask barrier_ = 0;  // a barrier's resistance for every PC (play_zone.hpp) ...
  int barrier_pc_ = -1, barrier_card_ = -1;  // ... its caster and card
  int goad_t_ = -1;  // during a goaded adversary's spotlight: the PC it must attack, with disadvantage (play_party.hpp)
  int cry_from_ = -1, cry_card_ = -1;  // a rally (Battle Cry): the PC whose allies have advantage, its card; -1 none
  bool gifts_ = false;        // a PC holds a next_attacker card (Lead by Example, play_party.hpp)
  bool ally_failed_ = false;  // a PC holds an `ally_failed` reaction, with an ally (Lean on Me)
  bool roll_spell_ = false;  // the action roll being made is a Spellcast roll (play_boons.hpp)
  int last_fear_ = 0;        // the Fear Die of the last action roll of a PC with a fear_bonus card (Midnight-Touched)
  // ---- features that lift the party (play_feats.hpp) ----------------------
  void session_start(int i);
  int free_helper(int i, std::uint64_t skip);
  void help_die(int helper);
  void splash_stress(int i, int t);
  int aura_trait_bonus(int i, Trait t) const;
  bool trait_aura_ = false;  // a PC holds a trait aura (Elemental Aura: Earth, play_feats.hpp)
  int help_sides_ = 0;  // the advantage die of the Help on the roll being made (Epic Poetry's d10), 0: a d6
  bool help_reactions_ = false;  // a PC holds a `help` reaction (Eloquent), with an ally
};

template <class R, class Log>
inline void Battle<R, Log>::run() {
  set_up();
  status(0);
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
        ENCSIM_SAY(log_, "The GM spends a Fear to interrupt (%d left).", fear_);
        gm_turn();
        if (over()) return finish();
        if (!standing(i)) continue;  // knocked out during the interrupt
      }
      pc_[i].acted = true;
      ++pc_streak_;
      const bool pass = pc_spotlight(i);
      if (over()) return finish();
      if (pc_[i].invisible_left > 0 || (pc(i).has_spotlight_end && opt_.cards)) [[unlikely]] spotlight_end(i);  // play_party.hpp
      if (pass) {
        gm_turn();
        if (over()) return finish();
      }
    }
    status(round_);
  }
  rec_.rounds = enc_.max_rounds;
  ENCSIM_SAY(log_, "max_rounds (%d) reached: a draw.", enc_.max_rounds);
  outcome_ = Outcome::draw;
  finish();
}

// ---- the party's spotlight ------------------------------------------------
// Random among the standing PCs who have not acted this round (tactics stream).
template <class R, class Log>
inline int Battle<R, Log>::next_pc() {
  int n = 0, pick = -1;
  for (int i = 0; i < n_pc_; ++i)
    if (standing(i) && !pc_[i].acted && one_in(++n)) pick = i;
  return pick;
}

// Picks an enemy by `target`; `pc_side` says who is choosing. -1 when none.
template <class R, class Log>
inline int Battle<R, Log>::select(bool pc_side, int self, Target target, const int* skip, int n_skip) {
  const int n = pc_side ? n_adv_ : n_pc_;
  auto usable = [&](int k) {
    if (pc_side ? !adv_[k].alive : !standing(k)) return false;
    for (int s = 0; s < n_skip; ++s)
      if (skip[s] == k) return false;
    return true;
  };
  auto left = [&](int k) { return pc_side ? adv_hp_left(k) : hp_left(k); };
  if (!pc_side && goad_t_ >= 0 && usable(goad_t_)) [[unlikely]] return goad_t_;  // Goad Them On (play_party.hpp)
  switch (target) {
    case Target::random: {
      if (!pc_side && gm_focus_ >= 0 && usable(gm_focus_) && !(aim_e_ && aim_e_->only_vulnerable && !vulnerable(gm_focus_)))
        return gm_focus_;  // a hard move's focus
      if (!pc_side && aim_e_) return aim_at(self, *aim_e_, aim_profile_, skip, n_skip);  // the value rule
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
      return best_by(n, usable, [&](int k) { return pc_side ? adv(k).damage_mean : pc(k).primary.sides; });
    default: break;
  }
  return best_by(n, usable, [&](int k) { return -left(k); });
}

// The best by `score` among the k < n that are `usable`; ties broken at
// random (reservoir, tactics stream).
template <class R, class Log>
template <class Usable, class Score>
inline int Battle<R, Log>::best_by(int n, const Usable& usable, const Score& score) {
  static_assert(Encounter::kMaxAdversaries <= 64 && Encounter::kMaxPcs <= 64, "a side is one 64-bit set");
  std::uint64_t set = 0;
  for (int k = 0; k < n; ++k)
    if (usable(k)) set |= std::uint64_t{1} << k;
  return best_in(set, score);
}

// The same over the members of `set` (bit k: index k), in index order.
template <class R, class Log>
template <class Score>
inline int Battle<R, Log>::best_in(std::uint64_t set, const Score& score) {
  int best = -1, ties = 0;
  double best_score = 0.0;
  for (; set != 0; set &= set - 1) {
    const int k = std::countr_zero(set);
    const double s = static_cast<double>(score(k));
    if (best < 0 || s > best_score) {
      best = k, best_score = s, ties = 1;
    } else if (s == best_score && one_in(++ties)) {
      best = k;
    }
  }
  return best;
}

template <class R, class Log>
inline bool Battle<R, Log>::succeeded(RollResult r) {
  return r == RollResult::crit || r == RollResult::success_hope || r == RollResult::success_fear;
}

// The duality roll with its Hope/Fear bookkeeping, Strange Patterns and the
// countdowns. `net_adv` counts advantage dice minus disadvantage dice.
template <class R, class Log>
inline RollResult Battle<R, Log>::action_roll(int i, int modifier, int net_adv, int target_difficulty, int* total,
                                              bool attack) {
  int h = 0, f = 0;
  if (pc_[i].fail_adv >= 0) net_adv += fail_advantage(i);  // Inevitable (play_attack.hpp)
  int sides = 12, roll_card = -1;  // the Hope Die (a `roll` reaction's d20: play_roll.hpp) and the card that gave it
  const bool dice_cards = (pc(i).has_roll_reactions || pc(i).has_rolled_reactions) && opt_.cards;
  if (dice_cards && pc(i).has_roll_reactions) [[unlikely]] {
    sides = hope_die_for(i, attack, &roll_card);
    modifier += trait_boon(i);  // Sage-Touched (play_boons.hpp)
  }
  if (roll_vs_ >= 0 && pc(i).prioritizes && opt_.cards) [[unlikely]] prioritize(i, roll_vs_);  // Nemesis (play_roll.hpp)
  RollResult r = roll_and_say(i, modifier, net_adv, target_difficulty, total, &h, &f, sides);
  if (focus_reroll(i, attack, r)) {  // class_play.hpp
    pc_[i].hunted = -1;
    ENCSIM_SAY(log_, "  %s ends Ranger's Focus to reroll the Duality Dice", pname(i));
    r = roll_and_say(i, modifier, net_adv, target_difficulty, total, &h, &f, sides);
  }
  // `rolled` reactions (play_roll.hpp): a Hope Die rolled again, then dice
  // rolled again by the PC or an ally (`reroll`), then a Fear turned Hope.
  if (dice_cards && pc(i).has_rolled_reactions) [[unlikely]]
    r = rolled_reactions(i, r, target_difficulty, total, &h, &f, sides, 0);
  if ((pc(i).rerolls_own || ally_rerolls_) && opt_.cards) [[unlikely]]
    r = reroll_reactions(i, r, target_difficulty, total, &h, &f, sides);
  if (dice_cards && pc(i).has_rolled_reactions) [[unlikely]]
    r = rolled_reactions(i, r, target_difficulty, total, &h, &f, sides, 1);
  // Slayer Dice on a failed weapon attack roll (play_pool.hpp), before a Rally or Prayer Die.
  if (attack && !succeeded(r) && pc(i).has_attack_pool && opt_.cards && roll_vs_ >= 0)
    r = pool_attack_roll(i, r, target_difficulty, total);
  if (r == RollResult::failure_fear || r == RollResult::failure_hope) r = rescue(i, r, target_difficulty, total);
  if (roll_card >= 0 && succeeded(r)) [[unlikely]] roll_success(i, roll_card);
  if (pc(i).has_fear_bonus) [[unlikely]] last_fear_ = f;  // Midnight-Touched's damage (play_cards.hpp, card_hit)
  ++res(kActionRolls);
  if (r == RollResult::crit) ++res(kCriticals);
  roll_gains(i, r);
  strange_patterns(i, h, f);
  after_roll(i, r, attack);
  if (!succeeded(r) && opt_.cards && pc(i).has_fail_reactions) card_event(i, CardTrigger::failed, r, false, -1);
  if (!succeeded(r) && ally_failed_ && opt_.cards) [[unlikely]] ally_failed(i, r);  // Lean on Me (play_party.hpp)
  return r;
}

template <class R, class Log>
inline RollResult Battle<R, Log>::roll_and_say(int i, int modifier, int net_adv, int target_difficulty, int* total,
                                               int* h, int* f, int hope_sides) {
  const RollResult r = duality_roll(dice_, modifier, net_adv, target_difficulty, total, h, f, hope_sides,
                                    net_adv > 0 && help_sides_ > 0 ? help_sides_ : 6);  // Epic Poetry's d10 (play_feats.hpp)
  if (hope_sides != 12) [[unlikely]]
    ENCSIM_SAY(log_, "  %s rolls Hope %d (d%d), Fear %d %+d%s = %d vs %d: %s", pname(i), *h, hope_sides, *f, modifier,
               net_adv > 0 ? " + advantage" : net_adv < 0 ? " - disadvantage" : "", *total, target_difficulty,
               result_name(r));
  else
    ENCSIM_SAY(log_, "  %s rolls Hope %d, Fear %d %+d%s = %d vs %d: %s", pname(i), *h, *f, modifier,
               net_adv > 0 ? " + advantage" : net_adv < 0 ? " - disadvantage" : "", *total, target_difficulty,
               result_name(r));
  return r;
}

// What a roll's result gives the PC who rolled it (or each PC of a Tag Team).
template <class R, class Log>
inline void Battle<R, Log>::roll_gains(int i, RollResult r) {
  // A pool that fills instead of the Hope (Slayer, play_pool.hpp).
  const bool with_hope = r == RollResult::crit || r == RollResult::success_hope || r == RollResult::failure_hope;
  const bool token = with_hope && pc(i).has_hope_pool && opt_.cards && pool_instead_of_hope(i);
  if (r == RollResult::crit) {
    if (!token) gain_hope(i, 1);
    const bool clears = pc_[i].stress_marked > 0;
    if (clears) --pc_[i].stress_marked;
    if (!token) ENCSIM_SAY(log_, "  %s gains a Hope (%d)%s", pname(i), pc_[i].hope, clears ? " and clears a Stress" : "");
    else if (clears) ENCSIM_SAY(log_, "  %s clears a Stress", pname(i));
  } else if (with_hope) {
    if (!token) gain_hope(i, 1);
    if (!token) ENCSIM_SAY(log_, "  %s gains a Hope (%d)", pname(i), pc_[i].hope);
  } else {
    gain_fear(1, kFearGainedRolls);
  }
}

template <class R, class Log>
inline void Battle<R, Log>::after_roll(int i, RollResult r, bool attack) {
  // Seed 000, "Choosing GM moves": a failure with Fear calls for a hard move.
  hard_focus_ = opt_.hard_moves && r == RollResult::failure_fear ? i : -1;
  if (r == RollResult::failure_fear && cry_from_ >= 0) [[unlikely]] end_rally(i);  // Battle Cry (play_party.hpp)
  if ((pc_[i].unseen & kCloakFear) && (r == RollResult::failure_fear || r == RollResult::success_fear)) [[unlikely]] {
    pc_[i].unseen &= ~kCloakFear;  // Vanishing Act: Cloaked until a roll with Fear
    ENCSIM_SAY(log_, "  %s rolls with Fear: no longer Cloaked", pname(i));
  }
  if (r == RollResult::failure_fear) adversary_reaction_all(Trigger::pc_fail_with_fear, i);
  advance_countdowns(r, attack, true);
}

template <class R, class Log>
inline const char* Battle<R, Log>::result_name(RollResult r) {
  switch (r) {
    case RollResult::crit: return "critical success";
    case RollResult::success_hope: return "success with Hope";
    case RollResult::success_fear: return "success with Fear";
    case RollResult::failure_hope: return "failure with Hope";
    default: return "failure with Fear";
  }
}

template <class R, class Log>
inline int Battle<R, Log>::severity(int dmg, int major, int severe) const {
  if (dmg <= 0) return 0;
  if (severe > 0 && opt_.massive_damage && dmg >= 2 * severe) return 4;
  if (severe > 0 && dmg >= severe) return 3;
  if (major > 0 && dmg >= major) return 2;
  return 1;
}

template <class R, class Log>
inline void Battle<R, Log>::finish() {
  if (outcome_ == Outcome::draw && pcs_up_ == 0) outcome_ = Outcome::foes_win;
  if (outcome_ == Outcome::draw && advs_up_ == 0) outcome_ = Outcome::party_win;
  rec_.outcome = outcome_;
  res(kFearEnd) = fear_;
  for (int i = 0; i < n_pc_; ++i) {
    CombatantRecord& r = rpc(i);
    r.hp_left = std::max(0, hp_left(i));
    r.hp_max = pc(i).hp;
    r.extra[kExtraStressLeft] = std::max(0, pc(i).stress - pc_[i].stress_marked);
    r.extra[kExtraArmorLeft] = std::max(0, pc(i).armor_slots - pc_[i].armor_marked);
  }
  if (carry_) [[unlikely]] {
    carry_out();
    for (int i = 0; i < n_pc_; ++i) carry_->scars[i] += static_cast<int>(rpc(i).extra[kExtraScar]);
  }
  for (int j = 0; j < n_adv_; ++j) {
    CombatantRecord& r = radv(j);
    r.hp_left = adv_[j].alive ? std::max(0, adv_hp_left(j)) : 0;  // a defeated Minion marks no HP
    r.hp_max = adv(j).hp;
    r.extra[kExtraStressLeft] = std::max(0, adv(j).stress - adv_[j].stress_marked);
  }
  status(rec_.rounds);
}

// The replay's status block (encsim/narration.hpp); the GM's Fear goes on the
// first adversary's line.
template <class R, class Log>
inline void Battle<R, Log>::status(int round) {
  if constexpr (Log::kEnabled) {
    for (int i = 0; i < n_pc_; ++i) {
      const PcState& s = pc_[i];
      Standing& line = log_.standing(pc(i).name, 0, hp_left(i), pc(i).hp);
      line.dealt = rpc(i).damage_dealt;
      line.note("Stress %d/%d", s.stress_marked, pc(i).stress).note("Hope %d", s.hope);
      line.note("Armor Slots %d/%d", pc(i).armor_slots - s.armor_marked, pc(i).armor_slots);
      line.flag(!s.out && vulnerable(i), "Vulnerable").flag(!s.out && s.restrained, "Restrained");
      if (s.out) line.out = s.dead ? "dead" : "down";
    }
    for (int j = 0; j < n_adv_; ++j) {
      const AdvState& s = adv_[j];
      // A defeated Minion marks no HP: it shows none left.
      Standing& line = log_.standing(adv(j).name, 1, s.alive ? adv_hp_left(j) : 0, adv(j).hp);
      line.dealt = radv(j).damage_dealt;
      if (j == 0) line.note("GM Fear %d", fear_);
      if (adv(j).stress > 0) line.note("Stress %d/%d", s.stress_marked, adv(j).stress);
      line.flag(s.alive && s.hidden, "Hidden").flag(s.alive && s.restrained, "Restrained");
      line.flag(s.alive && s.vulnerable, "Vulnerable").flag(s.alive && s.silenced_by >= 0, "Silenced");
      if (s.alive && s.glyph > 0) line.note("Glyph: Difficulty -%d", s.glyph);
      if (!s.alive) line.out = "defeated";
    }
    log_.end_round(round);
  }
}

}  // namespace encsim::daggerheart

#include "rules/daggerheart/set_up.hpp"
#include "rules/daggerheart/pcs.hpp"
#include "rules/daggerheart/pc_damage.hpp"
#include "rules/daggerheart/gm.hpp"
#include "rules/daggerheart/adversaries.hpp"
#include "rules/daggerheart/choose.hpp"
#include "rules/daggerheart/play_cards.hpp"
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
