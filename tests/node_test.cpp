// Node, MapReader and the YAML reader: positions, typed accessors and the exact
// text of the errors a user sees.
#include "input_error.hpp"
#include "encsim/node.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "io/yaml.hpp"

namespace encsim {
namespace {

using testing::message_of;
using testing::render_of;
using testing::where_of;

Node parse(std::string_view text, std::string name = "t.yaml") {
  return parse_yaml(SourceFile::from_text(std::move(name), text), text);
}

std::pair<int, int> lc(const SourcePos& p) { return {p.line, p.col}; }
std::pair<int, int> lc(int line, int col) { return {line, col}; }

const std::vector<KeySpec> kOgreKeys = {
    {"name", "string", "", "what results call it"},  {"hp", "integer", "", "hit points"},
    {"ac", "integer", "10", "armour class"},         {"speed", "number", "1", "relative speed"},
    {"brave", "boolean", "no", "never flees"},       {"damage", "dice", "", "damage per hit"},
    {"policy", "choice", "smart", "when to shield"},
};

// --- YAML -> Node -------------------------------------------------------------

TEST(Yaml, PositionsOfNestedNodesAndKeys) {
  const Node root = parse(
      "name: x\n"
      "foes:\n"
      "  - name: Goblin\n"
      "    hp: 7\n"
      "    attacks: [bite, {dice: 1d6}]\n");
  ASSERT_TRUE(root.is_map());
  EXPECT_EQ(lc(root.pos()), lc(1, 1));
  const auto& top = root.entries();
  ASSERT_EQ(top.size(), 2u);
  EXPECT_EQ(top[1].key, "foes");
  EXPECT_EQ(lc(top[1].key_pos), lc(2, 1));
  const Node& foes = *root.find("foes");
  ASSERT_TRUE(foes.is_list());
  EXPECT_EQ(lc(foes.pos()), lc(3, 3));
  const Node& goblin = foes.items().at(0);
  EXPECT_EQ(lc(goblin.pos()), lc(3, 5));
  EXPECT_EQ(lc(goblin.entries().at(1).key_pos), lc(4, 5));
  EXPECT_EQ(lc(goblin.find("hp")->pos()), lc(4, 9));
  EXPECT_EQ(goblin.find("hp")->text(), "7");
  const Node& attacks = *goblin.find("attacks");
  EXPECT_EQ(lc(attacks.pos()), lc(5, 14));
  EXPECT_EQ(lc(attacks.items().at(0).pos()), lc(5, 15));
  const Node& dice_map = attacks.items().at(1);
  EXPECT_EQ(lc(dice_map.pos()), lc(5, 21));
  EXPECT_EQ(lc(dice_map.entries().at(0).key_pos), lc(5, 22));
  EXPECT_EQ(lc(dice_map.find("dice")->pos()), lc(5, 28));
  EXPECT_EQ(root.pos().path(), "t.yaml");
}

TEST(Yaml, EmptyValuesAndDocuments) {
  EXPECT_TRUE(parse("").is_null());
  EXPECT_TRUE(parse("# only a comment\n").is_null());
  const Node root = parse("a:\nb: ~\nc: [1, ~]\n");
  // An empty value points at its key, not at the next line.
  EXPECT_TRUE(root.find("a")->is_null());
  EXPECT_EQ(lc(root.find("a")->pos()), lc(1, 1));
  EXPECT_TRUE(root.find("b")->is_null());
  EXPECT_EQ(lc(root.find("b")->pos()), lc(2, 4));
  EXPECT_TRUE(root.find("c")->items().at(1).is_null());
}

TEST(Yaml, QuotedScalarsKeepTheirText) {
  const Node root = parse("a: \"12\"\nb: 'yes'\nc: |\n  two\n  lines\n");
  EXPECT_EQ(root.find("a")->as_int(), 12);
  EXPECT_EQ(root.find("b")->text(), "yes");
  EXPECT_EQ(root.find("c")->text(), "two\nlines\n");
}

TEST(Yaml, AnchorsAndAliasesResolve) {
  const Node root = parse("base: &b {hp: 5}\ncopy: *b\n");
  EXPECT_EQ(root.find("copy")->find("hp")->as_int(), 5);
}

TEST(Yaml, DuplicateKeyIsAnError) {
  EXPECT_EQ(render_of([] { parse("name: a\nfoes:\n  hp: 3\n  ac: 1\n  hp: 4\n"); }),
            "t.yaml:5:3: error: duplicate key 'hp' (first at line 3)\n"
            "      hp: 4\n"
            "      ^\n");
}

TEST(Yaml, SyntaxErrorPointsAtTheMark) {
  EXPECT_EQ(render_of([] { parse("a: [1, 2\nb: 3\n"); }),
            "t.yaml:2:2: error: invalid YAML: a list opened with '[' is not closed\n"
            "    b: 3\n"
            "     ^\n");
  EXPECT_EQ(message_of([] { parse("a: \"\\q\"\n"); }), "invalid YAML: unknown escape character: q");
  EXPECT_EQ(message_of([] { parse("a: 1\n b: 2\n"); }),
            "invalid YAML: unexpected ':' (check the indentation, or quote text that contains ': ')");
  EXPECT_EQ(message_of([] { parse("a:\n\tb: 1\n"); }),
            "invalid YAML: tabs are not allowed in indentation; use spaces");
  EXPECT_EQ(where_of([] { parse("a: *nope\n"); }), lc(1, 4));
  // A key indented past its siblings: yaml-cpp's "end of sequence not found" says nothing useful.
  const auto bad_indent = [] { parse("party:\n  - {name: A, hp: 5}\n   foes:\n  - {name: B}\n"); };
  EXPECT_EQ(message_of(bad_indent),
            "invalid YAML: this line's indentation does not fit the lines above it (keys of one map, and the items of "
            "one list, start in the same column; what belongs under a key is indented further)");
  EXPECT_EQ(where_of(bad_indent), lc(3, 4));
}

TEST(Yaml, NonScalarKeyIsAnError) {
  EXPECT_EQ(message_of([] { parse("? [1]\n: 2\n"); }), "a map key must be a name, got a list");
}

TEST(Yaml, OneDocumentPerFile) {
  EXPECT_EQ(message_of([] { parse("a: 1\n---\nb: 2\n"); }),
            "a scenario file holds one YAML document; a second one starts here");
  EXPECT_EQ(where_of([] { parse("a: 1\n---\nb: 2\n"); }), lc(2, 1));
  EXPECT_EQ(parse("---\na: 1\n...\n").find("a")->as_int(), 1);
  EXPECT_EQ(parse("a: 1\n---\n# nothing more\n").find("a")->as_int(), 1);
}

TEST(Yaml, StrayCommaIsAnErrorNotAHang) {
  // YAML::LoadAll loops forever on this (yaml-cpp issue #1040).
  EXPECT_EQ(render_of([] { parse(",ame: x\nb: 1\n"); }),
            "t.yaml:1:1: error: invalid YAML: unexpected ','\n"
            "    ,ame: x\n"
            "    ^\n");
}

TEST(Yaml, SelfReferentialAliasIsAnErrorNotACrash) {
  EXPECT_EQ(render_of([] { parse("a: &a [1, *a]\n"); }),
            "t.yaml:1:11: error: alias '*a' refers to a value that contains it\n"
            "    a: &a [1, *a]\n"
            "              ^\n");
  std::string deep = "a: ";
  deep += std::string(300, '[') + std::string(300, ']');
  EXPECT_EQ(message_of([&] { parse(deep); }), "YAML nested more than 200 levels deep");
}

TEST(Yaml, ExponentialAliasesAreAnError) {
  std::string text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  // Each level lists the previous one ten times: 10^8 values once expanded.
  for (int i = 1; i < 8; ++i) {
    const std::string prev = "*a" + std::to_string(i - 1);
    std::string items = prev;
    for (int k = 1; k < 10; ++k) items.append(", ").append(prev);
    text.append("a").append(std::to_string(i)).append(": &a").append(std::to_string(i));
    text.append(" [").append(items).append("]\n");
  }
  EXPECT_NE(message_of([&] { parse(text); }).find("too large"), std::string::npos);
}

TEST(Yaml, LoadFileReadsAndRemembersThePath) {
  const auto dir =
      std::filesystem::temp_directory_path() /
      ("encsim_node_test_" + std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "x.yaml").string();
  std::ofstream(path) << "hp: ten\n";
  const Node root = load_yaml_file(path);
  EXPECT_EQ(render_of([&] { root.find("hp")->as_int(); }),
            path + ":1:5: error: expected an integer, got 'ten'\n    hp: ten\n        ^\n");
  EXPECT_EQ(render_of([&] { load_yaml_file((dir / "nope.yaml").string()); }),
            (dir / "nope.yaml").string() + ": error: cannot read '" + (dir / "nope.yaml").string() +
                "': No such file or directory\n");
  EXPECT_EQ(message_of([&] { load_yaml_file(dir.string()); }),
            "cannot read '" + dir.string() + "': Is a directory");
  std::filesystem::remove_all(dir);
}

// --- typed accessors -----------------------------------------------------------

TEST(Node, IntegersRejectJunkAndOverflow) {
  const Node root = parse("a: 12\nb: -3\nc: +4\nd: ten\ne: 1.5\nf: 12abc\ng: 99999999999999999999\nh: [1]\n");
  EXPECT_EQ(root.find("a")->as_int(), 12);
  EXPECT_EQ(root.find("b")->as_int(), -3);
  EXPECT_EQ(root.find("c")->as_int(), 4);
  EXPECT_EQ(message_of([&] { root.find("d")->as_int(); }), "expected an integer, got 'ten'");
  EXPECT_EQ(message_of([&] { root.find("e")->as_int(); }), "expected an integer, got '1.5'");
  EXPECT_EQ(message_of([&] { root.find("f")->as_int(); }), "expected an integer, got '12abc'");
  EXPECT_EQ(message_of([&] { root.find("g")->as_int(); }), "integer '99999999999999999999' is out of range");
  EXPECT_EQ(message_of([&] { root.find("h")->as_int(); }), "expected an integer, got a list");
  EXPECT_EQ(where_of([&] { root.find("d")->as_int(); }), lc(4, 4));
}

TEST(Node, NumbersAreFinite) {
  const Node root = parse("a: 12\nb: 0.25\nc: 1e-3\nd: nan\ne: .inf\nf: inf\ng: 1e999\nh: {x: 1}\n");
  EXPECT_EQ(root.find("a")->as_number(), 12.0);
  EXPECT_EQ(root.find("b")->as_number(), 0.25);
  EXPECT_EQ(root.find("c")->as_number(), 1e-3);
  EXPECT_EQ(message_of([&] { root.find("d")->as_number(); }), "expected a finite number, got 'nan'");
  EXPECT_EQ(message_of([&] { root.find("e")->as_number(); }), "expected a number, got '.inf'");
  EXPECT_EQ(message_of([&] { root.find("f")->as_number(); }), "expected a finite number, got 'inf'");
  EXPECT_EQ(message_of([&] { root.find("g")->as_number(); }), "number '1e999' is out of range");
  EXPECT_EQ(message_of([&] { root.find("h")->as_number(); }), "expected a number, got a map");
}

TEST(Node, BooleansInEveryCommonSpelling) {
  const Node root = parse("[true, False, YES, no, On, off, maybe, 1]");
  const auto& v = root.items();
  EXPECT_TRUE(v[0].as_bool());
  EXPECT_FALSE(v[1].as_bool());
  EXPECT_TRUE(v[2].as_bool());
  EXPECT_FALSE(v[3].as_bool());
  EXPECT_TRUE(v[4].as_bool());
  EXPECT_FALSE(v[5].as_bool());
  EXPECT_EQ(message_of([&] { v[6].as_bool(); }), "expected true or false, got 'maybe'");
  EXPECT_EQ(message_of([&] { v[7].as_bool(); }), "expected true or false, got '1'");
}

TEST(Node, StringsListsAndMapsCheckTheirKind) {
  const Node root = parse("s: hi\nl: [1]\nm: {a: 1}\nn:\n");
  EXPECT_EQ(root.find("s")->as_string(), "hi");
  EXPECT_EQ(message_of([&] { root.find("m")->as_string(); }), "expected a string, got a map");
  EXPECT_EQ(message_of([&] { root.find("n")->as_string(); }), "expected a string, got nothing");
  EXPECT_EQ(message_of([&] { root.find("s")->items(); }), "expected a list, got 'hi'");
  EXPECT_EQ(message_of([&] { root.find("l")->entries(); }), "expected a map, got a list");
  EXPECT_EQ(message_of([&] { root.find("l")->text(); }), "expected a value, got a list");
  EXPECT_EQ(root.find("l")->find("x"), nullptr);
}

TEST(Node, KindNames) {
  const Node root = parse("[1.5, word, [], {}, ~]");
  const auto& v = root.items();
  EXPECT_EQ(v[0].kind_name(), "a number");
  EXPECT_EQ(v[1].kind_name(), "a string");
  EXPECT_EQ(v[2].kind_name(), "a list");
  EXPECT_EQ(v[3].kind_name(), "a map");
  EXPECT_EQ(v[4].kind_name(), "nothing");
}

TEST(Node, DiceErrorsPointInsideTheScalar) {
  const Node root = parse("a: 2d6+1\nb: 2d6+q\nc: \"2d6+q\"\nd: [x]\n");
  const Dice d = root.find("a")->as_dice();
  EXPECT_EQ(d.term_count(), 1);
  EXPECT_EQ(d.flat(), 1);
  // The '+q' problem is at offset 4 of the text; a quote moves the text one column.
  const std::string msg = message_of([&] { root.find("b")->as_dice(); });
  EXPECT_EQ(msg.rfind("bad dice '2d6+q': ", 0), 0u) << msg;
  EXPECT_EQ(where_of([&] { root.find("b")->as_dice(); }), lc(2, 8));
  EXPECT_EQ(where_of([&] { root.find("c")->as_dice(); }), lc(3, 9));
  EXPECT_EQ(message_of([&] { root.find("d")->as_dice(); }), "expected a dice expression, got a list");
}

// --- editing -------------------------------------------------------------------

TEST(Node, SetKeepsOrderAndReplaces) {
  Node m = parse("a: 1\nb: 2\n");
  m.set("a", Node::scalar("9", {}));
  m.set("c", Node::scalar("3", {}));
  ASSERT_EQ(m.entries().size(), 3u);
  EXPECT_EQ(m.entries()[0].key, "a");
  EXPECT_EQ(m.entries()[0].value.text(), "9");
  EXPECT_EQ(lc(m.entries()[0].key_pos), lc(1, 1));  // no new position: the old one stays
  EXPECT_EQ(m.entries()[2].key, "c");
  Node empty = Node::null({});
  empty.set("x", Node::scalar("1", {}));
  EXPECT_TRUE(empty.is_map());
  EXPECT_EQ(empty.find("x")->text(), "1");
}

TEST(Node, MergeIsDeep) {
  Node base = parse("hp: 5\nattack: {bonus: 4, damage: 1d6}\ntags: [a, b]\n");
  const Node overlay = parse("attack: {bonus: 6}\ntags: [c]\nac: 12\n", "o.yaml");
  base.merge_from(overlay);
  ASSERT_NE(base.find("attack"), nullptr);
  ASSERT_NE(base.find("attack")->find("damage"), nullptr);
  EXPECT_EQ(base.find("hp")->as_int(), 5);
  EXPECT_EQ(base.find("attack")->find("bonus")->as_int(), 6);
  EXPECT_EQ(base.find("attack")->find("damage")->text(), "1d6");
  ASSERT_EQ(base.find("tags")->items().size(), 1u);  // lists are replaced, not appended
  EXPECT_EQ(base.find("ac")->as_int(), 12);
  EXPECT_EQ(base.find("attack")->find("bonus")->pos().path(), "o.yaml");
  // A node may merge a part of itself.
  Node self = parse("a: {x: 1}\n");
  self.merge_from(*self.find("a"));
  EXPECT_EQ(self.find("x")->as_int(), 1);
}

// --- MapReader -----------------------------------------------------------------

TEST(MapReader, ReadsTypedValuesWithDefaults) {
  const Node m = parse("name: Ogre\nhp: 59\nspeed: 0.5\nbrave: yes\ndamage: 2d8+4\n");
  MapReader r(m, kOgreKeys, "combatant 'Ogre'");
  EXPECT_EQ(r.get_string("name", ""), "Ogre");
  EXPECT_EQ(r.get_int("hp", 0, 1, 1000), 59);
  EXPECT_EQ(r.get_int("ac", 10, 0, 30), 10);
  EXPECT_EQ(r.get_number("speed", 1, 0, 10), 0.5);
  EXPECT_TRUE(r.get_bool("brave", false));
  ASSERT_TRUE(r.get_dice("damage").has_value());
  EXPECT_EQ(r.get_dice("damage")->flat(), 4);
  EXPECT_EQ(r.get_choice("policy", {"always", "smart"}, 1), 1);
  EXPECT_TRUE(r.has("hp"));
  EXPECT_FALSE(r.has("ac"));
  EXPECT_EQ(r.get("ac"), nullptr);
  EXPECT_NO_THROW(r.finish());
}

TEST(MapReader, UnknownKeyWithDidYouMean) {
  const Node m = parse("name: Ogre\nhitpoints: 59\n");
  MapReader r(m, kOgreKeys, "combatant 'Ogre'");
  r.get_string("name", "");
  EXPECT_EQ(render_of([&] { r.finish(); }),
            "t.yaml:2:1: error: unknown key 'hitpoints' in combatant 'Ogre' (did you mean 'hp'?)\n"
            "    hitpoints: 59\n"
            "    ^\n");
  const Node far = parse("zzzzzz: 1\n");
  EXPECT_EQ(message_of([&] { MapReader(far, kOgreKeys, "options").finish(); }),
            "unknown key 'zzzzzz' in options");
}

TEST(MapReader, RequireNamesTheMapAndTheKey) {
  const Node m = parse("foes:\n  - name: Ogre\n    ac: 9\n");
  const Node& ogre = m.find("foes")->items()[0];
  MapReader r(ogre, kOgreKeys, "combatant 'Ogre'");
  EXPECT_EQ(render_of([&] { r.require("hp"); }),
            "t.yaml:2:5: error: combatant 'Ogre' needs 'hp'\n"
            "      - name: Ogre\n"
            "        ^\n");
  const Node empty_value = parse("hp:\n");
  MapReader r2(empty_value, kOgreKeys, "combatant 'Ogre'");
  EXPECT_EQ(message_of([&] { r2.require("hp"); }), "combatant 'Ogre' needs 'hp'");
}

TEST(MapReader, WrongTypeAndRange) {
  const Node m = parse("hp: ten\nac: 0\nspeed: 0.5\n");
  MapReader r(m, kOgreKeys, "combatant 'Ogre'");
  EXPECT_EQ(render_of([&] { r.get_int("hp", 1, 1, 100000); }),
            "t.yaml:1:5: error: expected an integer, got 'ten'\n"
            "    hp: ten\n"
            "        ^\n");
  EXPECT_EQ(message_of([&] { r.get_int("ac", 10, 1, 30); }), "ac must be between 1 and 30, got 0");
  EXPECT_EQ(message_of([&] { r.get_number("speed", 1, 1, 2.5); }),
            "speed must be between 1 and 2.5, got 0.5");
  EXPECT_EQ(where_of([&] { r.get_int("ac", 10, 1, 30); }), lc(2, 5));
}

TEST(MapReader, CheckRangePrintsWholeNumbersWithoutDecimals) {
  const Node n = Node::scalar("0", {});
  EXPECT_EQ(message_of([&] { check_range(n, "hp", 0, 1, 100000); }),
            "hp must be between 1 and 100000, got 0");
  EXPECT_EQ(message_of([&] { check_range(n, "p", 1.25, 0, 1); }), "p must be between 0 and 1, got 1.25");
  EXPECT_EQ(message_of([&] { check_range(n, "p", -0.5, 0.125, 1e20); }),
            "p must be between 0.125 and 1e+20, got -0.5");
  EXPECT_NO_THROW(check_range(n, "p", 1, 1, 1));
}

TEST(MapReader, ChoiceWithDidYouMean) {
  const Node m = parse("policy: nevr\n");
  MapReader r(m, kOgreKeys, "options");
  EXPECT_EQ(render_of([&] {
              r.get_choice("policy", {"always", "never", "smart"}, 0);
            }),
            "t.yaml:1:9: error: unknown policy 'nevr' in options (did you mean 'never'?); expected one of "
            "'always', 'never' or 'smart'\n"
            "    policy: nevr\n"
            "            ^\n");
  const Node ok = parse("policy: smart\n");
  MapReader r2(ok, kOgreKeys, "options");
  EXPECT_EQ(r2.get_choice("policy", {"always", "never", "smart"}, 0), 2);
}

TEST(MapReader, MustBeAMap) {
  const Node m = parse("options: [a]\nempty:\n");
  EXPECT_EQ(message_of([&] { MapReader(*m.find("options"), kOgreKeys, "options"); }),
            "options must be a map, got a list");
  // `options:` with nothing after it reads as an empty map.
  MapReader r(*m.find("empty"), kOgreKeys, "options");
  EXPECT_EQ(r.get_int("hp", 3, 1, 9), 3);
  EXPECT_NO_THROW(r.finish());
}

TEST(MapReaderDeathTest, KeysOutsideTheSchemaAreABug) {
  const Node m = parse("hp: 1\n");
  EXPECT_DEATH(
      {
        MapReader r(m, kOgreKeys, "options");
        r.get("hitpoints");
      },
      "'hitpoints' is not in the schema of options");
}

TEST(MapReader, FormatSchemaAlignsColumns) {
  const std::vector<KeySpec> keys = {
      {"hp", "integer", "", "hit points"},
      {"damage", "dice", "1d4", "damage per hit"},
  };
  EXPECT_EQ(format_schema(keys, 2),
            "  key     type     default  description\n"
            "  hp      integer  -        hit points\n"
            "  damage  dice     1d4      damage per hit\n");
}

}  // namespace
}  // namespace encsim
