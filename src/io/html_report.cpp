#include "io/html_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

namespace encsim {

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default:
        if ((c < 0x20 && ch != '\n' && ch != '\t') || c == 0x7F) out += "\xEF\xBF\xBD";  // U+FFFD
        else out += ch;
    }
  }
  return out;
}

std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20 || ch == '<' || ch == '>' || ch == '&' || c == 0x7F) {
      // '<' and friends as escapes: "</script>" in a name cannot end the block.
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
      out += buf;
    } else {
      out += ch;
    }
  }
  return out + '"';
}

namespace {


// A chart's y values as the CSVs write rates (6 decimals), x values plainly;
// NaN (no value) is null.
std::string json_y(double v) { return std::isnan(v) ? "null" : fixed(v, 6); }
std::string json_x(double v) {
  if (std::isnan(v)) return "null";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}
template <class T, class F>
std::string json_array(const std::vector<T>& values, F each) {
  std::string out = "[";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) out += ',';
    out += each(values[i]);
  }
  return out + "]";
}
std::string json_strings(const std::vector<std::string>& values) {
  return json_array(values, [](const std::string& s) { return json_string(s); });
}

std::string chart_json(const HtmlChart& c) {
  std::string out = "{\"kind\":" + json_string(c.kind == HtmlChart::Kind::line ? "line" : "intervals") +
                    ",\"title\":" + json_string(c.title) + ",\"x_label\":" + json_string(c.x_label) +
                    ",\"y_label\":" + json_string(c.y_label) + ",\"names\":" + json_strings(c.x_names) +
                    ",\"percent\":" + (c.percent ? "true" : "false") +
                    ",\"target\":" + (c.target ? json_y(*c.target) : "null") +
                    ",\"target_label\":" + json_string(c.target_label) + ",\"series\":[";
  for (std::size_t i = 0; i < c.series.size(); ++i) {
    const HtmlChart::Series& s = c.series[i];
    out += std::string(i ? "," : "") + "{\"name\":" + json_string(s.name) + ",\"x\":" + json_array(s.x, json_x) +
           ",\"y\":" + json_array(s.y, json_y) + ",\"low\":" + json_array(s.low, json_y) +
           ",\"high\":" + json_array(s.high, json_y) + "}";
  }
  return out + "]}";
}

// What a distribution is of, for its chart's title and axis.
std::string metric_title(const std::string& metric, const std::vector<VariantResult>& results) {
  static const std::map<std::string, std::string> kCommon = {
      {"rounds", "Rounds per fight"},
      {"pcs_down", "PCs out of the fight at the end"},
      {"pc_deaths", "PCs dead at the end"},
      {"damage_to_party", "Damage to the party (HP lost, all PCs)"},
      {"damage_to_foes", "Damage to the foes"}};
  if (const auto it = kCommon.find(metric); it != kCommon.end()) return it->second;
  for (const VariantResult& r : results)
    for (const MetricSpec& m : r.resources)
      if (m.name == metric && !m.description.empty()) return std::string(m.description) + " (" + metric + ")";
  return metric;
}

// The distributions, one chart per metric with a series per result: from
// distributions_table(), so they hold exactly distributions.csv's counts.
// One JSON object per chart.
std::vector<std::string> histograms_json(const std::vector<VariantResult>& results) {
  struct Hist {
    std::map<std::int64_t, bool> values;
    std::vector<std::map<std::int64_t, std::string>> counts;  // per result
  };
  std::vector<std::string> order;
  std::map<std::string, Hist> hists;
  for (std::size_t i = 0; i < results.size(); ++i) {
    const Table t = distributions_table({results[i]});
    const auto col = [&](const char* name) {
      return static_cast<std::size_t>(std::find(t.header.begin(), t.header.end(), name) - t.header.begin());
    };
    const std::size_t metric = col("metric"), value = col("value"), count = col("count");
    for (const auto& row : t.rows) {
      auto [it, fresh] = hists.try_emplace(row[metric]);
      if (fresh) order.push_back(row[metric]);
      it->second.counts.resize(results.size());
      const std::int64_t v = std::stoll(row[value]);
      it->second.values[v] = true;
      it->second.counts[i][v] = row[count];
    }
  }
  // With many results (a sweep), a few evenly spaced ones are shown at first;
  // the legend shows the others.
  std::set<std::size_t> shown;
  const std::size_t kShown = 4;
  for (std::size_t k = 0; k < std::min(kShown, results.size()); ++k)
    shown.insert(results.size() <= kShown ? k : k * (results.size() - 1) / (kShown - 1));
  std::vector<std::string> charts;
  for (const std::string& metric : order) {
    Hist& h = hists[metric];
    h.counts.resize(results.size());
    std::vector<std::int64_t> values;
    for (const auto& [v, _] : h.values) values.push_back(v);
    std::string out = "{\"metric\":" + json_string(metric) +
           ",\"title\":" + json_string(metric_title(metric, results)) +
           ",\"values\":" + json_array(values, [](std::int64_t v) { return std::to_string(v); }) + ",\"series\":[";
    for (std::size_t i = 0; i < results.size(); ++i) {
      const auto& counts = h.counts[i];
      out += std::string(i ? "," : "") + "{\"name\":" + json_string(result_label(results[i], results)) +
             ",\"trials\":" + std::to_string(results[i].tally.trials) + ",\"hidden\":" +
             (shown.count(i) ? "false" : "true") + ",\"counts\":" + json_array(values, [&](std::int64_t v) {
               const auto it = counts.find(v);
               return it == counts.end() ? std::string("0") : it->second;
             }) + "}";
    }
    charts.push_back(out + "]}");
  }
  return charts;
}

std::string readable_column(const std::string& name) {
  std::string out = name;
  std::replace(out.begin(), out.end(), '_', ' ');
  return out;
}

// A Table as HTML: every cell carries its row in the table (the CSV's row, from
// 0) and its column name, so a reader (the test) can match it to the CSV.
// `transpose`: the columns run down the page (a few results with many columns).
std::string table_html(const Table& t, const std::string& csv, const std::vector<std::size_t>& rows,
                       const std::vector<std::size_t>& cols, bool transpose) {
  std::ostringstream os;
  const auto cell = [&](std::size_t r, std::size_t c) {
    const bool number = c >= t.text_columns && !t.rows[r][c].empty() &&
                        t.rows[r][c].find_first_not_of("0123456789.-+") == std::string::npos;
    os << "<td" << (number ? " class=\"n\"" : "") << " data-row=\"" << r << "\" data-col=\""
       << html_escape(t.header[c]) << "\">" << html_escape(t.rows[r][c]) << "</td>";
  };
  const auto head = [&](std::size_t c) {
    os << "<th title=\"" << html_escape(t.header[c]) << "\">" << html_escape(readable_column(t.header[c])) << "</th>";
  };
  os << "<div class=\"scroll\"><table data-csv=\"" << html_escape(csv) << "\">";
  if (transpose) {
    for (std::size_t c : cols) {
      os << "<tr>";
      head(c);
      for (std::size_t r : rows) cell(r, c);
      os << "</tr>\n";
    }
  } else {
    os << "<thead><tr>";
    for (std::size_t c : cols) head(c);
    os << "</tr></thead><tbody>\n";
    for (std::size_t r : rows) {
      os << "<tr>";
      for (std::size_t c : cols) cell(r, c);
      os << "</tr>\n";
    }
    os << "</tbody>";
  }
  os << "</table></div>\n";
  return os.str();
}

std::vector<std::size_t> all_of(std::size_t n) {
  std::vector<std::size_t> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = i;
  return v;
}

// combatants.csv split by side: the party's PCs, then the foes.
std::string combatant_tables(const std::vector<VariantResult>& results) {
  const Table t = combatants_table(results);
  const auto at = [&](const char* name) {
    return static_cast<std::size_t>(std::find(t.header.begin(), t.header.end(), name) - t.header.begin());
  };
  const std::size_t side = at("side"), scenario = at("scenario");
  bool one_scenario = true;
  for (const auto& row : t.rows) one_scenario = one_scenario && row[scenario] == t.rows.front()[scenario];
  std::vector<std::size_t> cols;
  for (std::size_t c = 0; c < t.header.size(); ++c)
    if (c != side && !(c == scenario && one_scenario)) cols.push_back(c);
  std::string out;
  for (const auto& [key, title] :
       {std::pair{"party", "The party, per PC"}, std::pair{"foes", "The foes, per combatant"}}) {
    std::vector<std::size_t> rows;
    for (std::size_t r = 0; r < t.rows.size(); ++r)
      if (t.rows[r][side] == key) rows.push_back(r);
    if (rows.empty()) continue;
    out += std::string("<h3>") + title + "</h3>\n" + table_html(t, "combatants.csv", rows, cols, false);
  }
  return out;
}

// A paragraph a GM can read: the win rate and its interval, the band, how
// often a PC goes down or dies, how long fights last and what they cost.
std::string verdict_html(const VariantResult& r, const std::vector<VariantResult>& results) {
  const Tally& t = r.tally;
  const Interval ci = wilson(t.party_wins, t.trials);
  std::ostringstream os;
  os << "<article class=\"result\"><h2>" << html_escape(results.size() > 1 ? result_label(r, results) : r.scenario)
     << " <span class=\"sys\">(" << html_escape(r.ruleset) << ")</span></h2>\n";
  if (&r == &results.front() && !r.description.empty())
    os << "<p class=\"desc\">" << html_escape(r.description) << "</p>\n";
  if (!r.variant_note.empty()) os << "<p class=\"desc\">Note: " << html_escape(r.variant_note) << "</p>\n";
  if (!r.behaviour.empty()) {
    os << "<ul class=\"behaviour\">";
    for (const std::string& line : r.behaviour) os << "<li>" << html_escape(line) << "</li>";
    os << "</ul>\n";
  }
  const auto& down0 = t.pcs_down.counts();
  const auto& dead0 = t.pc_deaths.counts();
  os << "<p class=\"verdict\">The party wins <b>" << percent(rate(t.party_wins, t.trials)) << "</b> of fights (95% CI "
     << percent(ci.low) << " to " << percent(ci.high);
  if (r.band.size() == 2)
    os << "; " << percent(rate(r.band[1].party_wins, r.band[1].trials)) << " against " << html_escape(r.band[1].foes)
       << " foes, " << percent(rate(r.band[0].party_wins, r.band[0].trials)) << " against " << html_escape(r.band[0].foes)
       << " ones";
  os << "). A PC goes down in " << percent(1.0 - rate(down0.empty() ? 0 : down0[0], t.trials)) << " of fights and dies in "
     << percent(1.0 - rate(dead0.empty() ? 0 : dead0[0], t.trials)) << ". Fights last " << fixed(t.rounds.mean(), 1)
     << " rounds on average; the party loses " << fixed(t.damage_to_party.mean(), 1) << " HP per fight.</p>\n";
  if (!r.note.empty()) os << "<p class=\"desc\">" << html_escape(r.note) << "</p>\n";
  os << "<p class=\"small\">" << t.trials << " fights, seed " << r.seed << "</p></article>\n";
  return os.str();
}

std::string fights_html(const HtmlPage& page) {
  const auto& results = *page.results;
  std::ostringstream os;
  for (const HtmlFight& f : page.fights) {
    os << "<details class=\"fight\" data-row=\"" << f.row << "\" data-trial=\"" << f.trial << "\"><summary><b>"
       << html_escape(Picks::name(f.kind)) << "</b>";
    if (results.size() > 1) os << " of " << html_escape(result_label(results[f.row], results));
    os << ": trial " << f.trial << "</summary>\n<p class=\"small\">Replay it: <code>" << html_escape(f.replay)
       << "</code></p>\n";
    if (!f.text.empty()) os << "<pre>" << html_escape(f.text) << "</pre>\n";
    os << "</details>\n";
  }
  return os.str();
}

constexpr const char* kStyle = R"css(
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:1200px;padding:0 20px 40px;color:#1d2329;background:#fff}
h1{font-size:22px;margin:18px 0 4px}h2{font-size:17px;margin:22px 0 6px}h3{font-size:15px;margin:14px 0 4px}
.intro,.small{color:#56606b;margin:2px 0}.small{font-size:12px}.sys{font-weight:normal;color:#56606b}
.results{display:grid;grid-template-columns:repeat(auto-fit,minmax(360px,1fr));gap:10px;margin:10px 0}
.result{border-left:4px solid #1f77b4;padding:2px 12px;background:#f6f8fa}.result h2{margin-top:8px}
.verdict{font-size:14.5px}.desc{margin:4px 0}.behaviour{margin:4px 0;padding-left:18px;color:#444;font-size:12.5px}
.charts{display:grid;grid-template-columns:1fr 1fr;gap:14px}
figure{margin:0;border:1px solid #dde2e7;border-radius:6px;padding:8px}figure.wide{grid-column:1/-1}
figcaption{font-weight:600;margin-bottom:4px}.canvas{position:relative;height:260px}figure.wide .canvas{height:340px}
.scroll{overflow-x:auto;margin:6px 0}table{border-collapse:collapse;font-size:12.5px}
th,td{border:1px solid #dde2e7;padding:3px 7px;text-align:left;white-space:nowrap}th{background:#f0f3f6;font-weight:600}
td.n{text-align:right;font-variant-numeric:tabular-nums}
details.fight{border:1px solid #dde2e7;border-radius:6px;margin:6px 0;padding:4px 10px}
details.fight summary{cursor:pointer}pre{font-size:12px;background:#f6f8fa;padding:8px;overflow-x:auto;max-height:480px}
#status{color:#b00020;font-weight:600}footer{margin-top:30px;color:#56606b;font-size:12px}
@media (max-width:800px){.charts{grid-template-columns:1fr}}
)css";

// Errors of any script are caught from the start, so a test (and a reader)
// sees them: the page's root gets data-errors, and the status line says so.
constexpr const char* kCatchErrors = R"js(
window.encsimErrors=[];
window.addEventListener('error',function(e){
  window.encsimErrors.push(String(e.message||e));
  document.documentElement.setAttribute('data-errors',window.encsimErrors.join(' | '));
  var s=document.getElementById('status');
  if(s)s.textContent='The charts could not be drawn: '+window.encsimErrors.join('; ');
});
)js";

// Builds every chart from the JSON block, then marks the page: data-ok with
// the number of charts, and the values Chart.js was given in
// #encsim-chart-values (what the test compares with the CSVs).
constexpr const char* kDrawCharts = R"js(
(function(){
'use strict';
var data=JSON.parse(document.getElementById('encsim-data').textContent);
var palette=['#1f77b4','#d62728','#2ca02c','#ff7f0e','#9467bd','#8c564b','#e377c2','#7f7f7f','#bcbd22','#17becf'];
function color(i,a){var c=palette[i%palette.length];if(a===undefined)return c;var n=parseInt(c.slice(1),16);
  return 'rgba('+(n>>16)+','+((n>>8)&255)+','+(n&255)+','+a+')';}
function pct(v){return (v*100).toFixed(Math.abs(v)<0.1&&v!==0?2:1)+'%';}
function fmt(c,v){return c.percent?pct(v):String(v);}
function title(t){return {display:true,text:t};}
Chart.defaults.animation=false;
Chart.defaults.maintainAspectRatio=false;
var charts=[];
function make(id,config){charts.push(new Chart(document.getElementById(id),config));}
function lineChart(c){
  var ds=[],lo=Infinity,hi=-Infinity;
  c.series.forEach(function(s,i){
    function pts(ys){return s.x.map(function(x,k){lo=Math.min(lo,x);hi=Math.max(hi,x);return {x:x,y:ys[k]};});}
    if(s.low.length){
      ds.push({label:s.name+' 95% CI low',data:pts(s.low),borderWidth:0,pointRadius:0,fill:false,band:true});
      ds.push({label:s.name+' 95% CI',data:pts(s.high),borderWidth:0,pointRadius:0,fill:'-1',band:true,
               backgroundColor:color(i,0.16)});
    }
    ds.push({label:s.name,data:pts(s.y),borderColor:color(i),backgroundColor:color(i),pointRadius:3,fill:false});
  });
  if(c.target!==null&&lo<=hi)
    ds.push({label:c.target_label,data:[{x:lo,y:c.target},{x:hi,y:c.target}],borderColor:'#444',borderDash:[6,4],
             borderWidth:1.5,pointRadius:0,fill:false});
  var x={type:'linear',title:title(c.x_label)};
  if(c.names.length)x.ticks={stepSize:1,callback:function(v){return c.names[v]!==undefined?c.names[v]:'';}};
  return {type:'line',data:{datasets:ds},options:{scales:{x:x,y:{title:title(c.y_label),
    ticks:{callback:function(v){return fmt(c,v);}}}},
    plugins:{legend:{labels:{filter:function(item,cd){return !cd.datasets[item.datasetIndex].band;}}},
      tooltip:{filter:function(item){return !item.dataset.band;},callbacks:{label:function(ctx){
        var s=c.series.filter(function(s){return s.name===ctx.dataset.label;})[0],k=ctx.dataIndex;
        var t=ctx.dataset.label+': '+fmt(c,ctx.parsed.y);
        if(s&&s.low.length)t+=' (95% CI '+fmt(c,s.low[k])+' to '+fmt(c,s.high[k])+')';return t;}}}}}};
}
function intervalChart(c){
  var ds=[];
  c.series.forEach(function(s,i){
    if(s.low.length)ds.push({type:'bar',label:s.name+' 95% CI',data:s.low.map(function(l,k){return [l,s.high[k]];}),
      backgroundColor:color(i,0.25),borderColor:color(i),borderWidth:1,barPercentage:0.55,indexAxis:'y'});
    ds.push({type:'line',label:s.name,data:s.y,showLine:false,indexAxis:'y',pointRadius:s.low.length?6:5,
      pointStyle:s.low.length?'circle':(i%2?'triangle':'rectRot'),borderColor:color(i),backgroundColor:color(i)});
  });
  // The value axis spans the intervals with a margin (a win rate within 0 and 1),
  // so narrow intervals stay visible.
  var all=[];c.series.forEach(function(s){all=all.concat(s.y,s.low,s.high);});
  all=all.filter(function(v){return v!==null;});
  var lo=Math.min.apply(null,all),hi=Math.max.apply(null,all),pad=Math.max((hi-lo)*0.08,0.005);
  var x={title:title(c.y_label),min:lo-pad,max:hi+pad,ticks:{callback:function(v){return fmt(c,v);}}};
  if(c.percent&&c.y_label.indexOf('change')<0){
    x.min=Math.max(0,Math.floor(x.min*20)/20);x.max=Math.min(1,Math.ceil(x.max*20)/20);}
  return {type:'bar',data:{labels:c.names,datasets:ds},options:{indexAxis:'y',
    scales:{x:x,y:{title:title(c.x_label)}},
    plugins:{tooltip:{callbacks:{label:function(ctx){var v=ctx.raw;
      return ctx.dataset.label+': '+(Array.isArray(v)?fmt(c,v[0])+' to '+fmt(c,v[1]):fmt(c,v));}}}}}};
}
function histChart(h){
  return {type:'bar',data:{labels:h.values,datasets:h.series.map(function(s,i){
      return {label:s.name,data:s.counts.map(function(n){return n/s.trials;}),counts:s.counts,hidden:s.hidden,
              backgroundColor:color(i,0.65),borderColor:color(i),borderWidth:1};})},
    options:{barPercentage:1,categoryPercentage:0.9,
      scales:{x:{title:title(h.title)},y:{title:title('share of fights'),ticks:{callback:function(v){return pct(v);}}}},
      plugins:{legend:{display:h.series.length>1&&h.series.length<=6},tooltip:{callbacks:{label:function(ctx){
        return ctx.dataset.label+': '+ctx.dataset.counts[ctx.dataIndex]+' fights ('+pct(ctx.parsed.y)+')';}}}}}};
}
data.charts.forEach(function(c,i){make('chart'+i,c.kind==='line'?lineChart(c):intervalChart(c));});
data.hists.forEach(function(h,i){make('hist'+i,histChart(h));});
// Many rows (a sweep): a list picks the row every distribution shows.
var pick=document.getElementById('hist-pick');
if(pick&&data.hists.length){
  data.hists[0].series.forEach(function(s,i){var o=document.createElement('option');o.value=String(i);
    o.textContent=s.name;pick.appendChild(o);});
  pick.addEventListener('change',function(){charts.forEach(function(ch){
    if(ch.canvas.id.indexOf('hist')!==0)return;
    ch.data.datasets.forEach(function(d,i){var h=data.hists[0].series[i];
      d.hidden=pick.value==='spread'?h.hidden:String(i)!==pick.value;});
    ch.update();});});
}
var values=charts.map(function(ch){return {id:ch.canvas.id,datasets:ch.data.datasets.map(function(d){
  var o={label:d.label,data:d.data};if(d.counts)o.counts=d.counts;return o;})};});
document.getElementById('encsim-chart-values').textContent=JSON.stringify(values);
if(!window.encsimErrors.length)document.documentElement.setAttribute('data-ok',String(charts.length));
})();
)js";

}  // namespace

std::string readable_path(const std::string& path) {
  // side.Name.field -> "Name: field"; anything else with its dots as spaces.
  const auto first = path.find('.');
  const auto last = path.rfind('.');
  std::string head = path.substr(0, first);
  if ((head == "foes" || head == "party") && first != last) {
    std::string field = path.substr(last + 1);
    std::replace(field.begin(), field.end(), '_', ' ');
    return path.substr(first + 1, last - first - 1) + ": " + field + " (" + path + ")";
  }
  std::string out = path;
  std::replace(out.begin(), out.end(), '.', ' ');
  std::replace(out.begin(), out.end(), '_', ' ');
  return out == path ? path : out + " (" + path + ")";
}

std::string result_label(const VariantResult& r, const std::vector<VariantResult>& results) {
  bool scenarios = false, variants = false;
  for (const VariantResult& o : results) {
    scenarios = scenarios || o.scenario != r.scenario;
    variants = variants || o.variant != r.variant;
  }
  std::string out = scenarios ? r.scenario + (variants || r.variant != "base" ? " [" + r.variant + "]" : "") : "";
  if (!scenarios && (variants || r.keys.empty())) out = r.variant;
  for (const auto& [k, v] : r.keys) out += (out.empty() ? "" : ", ") + k + " = " + v;
  return out;
}

HtmlChart win_rate_chart(const std::vector<VariantResult>& results) {
  HtmlChart c;
  c.kind = HtmlChart::Kind::intervals;
  c.title = "Party win rate with its 95% interval";
  c.x_label = results.size() > 1 ? "variant" : "scenario";
  c.y_label = "party win rate";
  HtmlChart::Series rates{"party win rate", {}, {}, {}, {}};
  std::vector<HtmlChart::Series> band;
  for (const VariantResult& r : results) {
    c.x_names.push_back(results.size() > 1 ? result_label(r, results) : r.scenario);
    const Interval ci = wilson(r.tally.party_wins, r.tally.trials);
    rates.x.push_back(static_cast<double>(rates.x.size()));
    rates.y.push_back(rate(r.tally.party_wins, r.tally.trials));
    rates.low.push_back(ci.low);
    rates.high.push_back(ci.high);
    for (std::size_t e = 0; e < r.band.size(); ++e) {
      const std::string name = std::string(e == 0 ? "kindest" : "harshest") + " foes";
      auto it = std::find_if(band.begin(), band.end(), [&](const auto& s) { return s.name.rfind(name, 0) == 0; });
      if (it == band.end()) {
        band.push_back({name + " (" + r.band[e].foes + ")", {}, std::vector<double>(results.size(), NAN), {}, {}});
        it = band.end() - 1;
      }
      it->y[rates.y.size() - 1] = rate(r.band[e].party_wins, r.band[e].trials);
    }
  }
  c.series.push_back(std::move(rates));
  for (auto& s : band) c.series.push_back(std::move(s));
  return c;
}

std::string html_report(const HtmlPage& page) {
  const std::vector<VariantResult>& results = *page.results;
  std::ostringstream os;
  os << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
     << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
     << "<meta name=\"generator\" content=\"encsim " << ENCSIM_VERSION << "\">\n"
     << "<title>" << html_escape(page.title) << "</title>\n<style>" << kStyle << "</style>\n<script>" << kCatchErrors
     << "</script>\n</head>\n<body data-command=\"" << html_escape(page.command) << "\">\n<header><h1>"
     << html_escape(page.title) << "</h1>\n";
  for (const std::string& line : page.intro) os << "<p class=\"intro\">" << html_escape(line) << "</p>\n";
  os << "<p id=\"status\"></p></header>\n";
  if (page.verdicts) {
    os << "<section class=\"results\">\n";
    for (const VariantResult& r : results) os << verdict_html(r, results);
    os << "</section>\n";
  }

  os << "<section class=\"charts\">\n";
  for (std::size_t i = 0; i < page.charts.size(); ++i)
    os << "<figure class=\"wide\"><figcaption>" << html_escape(page.charts[i].title)
       << "</figcaption><div class=\"canvas\"><canvas id=\"chart" << i << "\"></canvas></div></figure>\n";
  os << "</section>\n";
  const std::vector<std::string> hists = histograms_json(results);
  os << "<h2>Distributions</h2>\n<p class=\"small\">Share of fights per value (distributions.csv); ";
  if (results.size() > 6)
    os << "show <select id=\"hist-pick\"><option value=\"spread\">four rows spread over the table</option></select>";
  else
    os << "click a legend entry to show or hide a row";
  os << ".</p>\n<section class=\"charts\">\n";
  for (std::size_t i = 0; i < hists.size(); ++i)
    os << "<figure><div class=\"canvas\"><canvas id=\"hist" << i << "\"></canvas></div></figure>\n";
  os << "</section>\n";

  for (const HtmlPage::Section& s : page.tables)
    os << "<h2>" << html_escape(s.title) << "</h2>\n"
       << table_html(s.table, s.csv, all_of(s.table.rows.size()), all_of(s.table.header.size()), false);
  const Table summary = summary_table(results);
  os << "<h2>Summary</h2>\n<p class=\"small\">summary.csv: a "
     << (results.size() <= 8 ? "column" : "row") << " per result.</p>\n"
     << table_html(summary, "summary.csv", all_of(summary.rows.size()), all_of(summary.header.size()),
                   results.size() <= 8);
  os << "<h2>Combatants</h2>\n<p class=\"small\">combatants.csv: per fight, on average over all fights.</p>\n"
     << combatant_tables(results);
  if (!page.fights.empty())
    os << "<h2>Fights worth seeing</h2>\n<p class=\"small\">Each chosen from the trials alone (docs/csv.md, "
          "fight_*); open one to read it blow by blow.</p>\n"
       << fights_html(page);

  os << "<footer>Made by encsim " << ENCSIM_VERSION
     << ". Charts by Chart.js (MIT licence; its notice is kept at the head of the script below).</footer>\n";
  os << "<pre id=\"encsim-chart-values\" hidden></pre>\n";
  os << "<script type=\"application/json\" id=\"encsim-data\">{\"charts\":"
     << json_array(page.charts, chart_json) << ",\"hists\":"
     << json_array(hists, [](const std::string& h) { return h; }) << "}</script>\n";
  os << "<script>\n" << kChartJs << "\n</script>\n<script>" << kDrawCharts << "</script>\n</body></html>\n";
  return os.str();
}

}  // namespace encsim
