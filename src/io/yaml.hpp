// YAML to Node: the only place that sees yaml-cpp. Internal to src/io.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "encsim/error.hpp"
#include "encsim/node.hpp"

namespace encsim {

// Parses one YAML document. Every node and every map key carries its position
// in `file`. Syntax errors, duplicate keys and non-scalar keys throw InputError;
// an empty document gives a null Node.
Node parse_yaml(std::shared_ptr<const SourceFile> file, std::string_view text);

// The largest scenario or library file encsim reads (docs/scenarios.md).
inline constexpr std::uint64_t kMaxFileBytes = 8ULL * 1024 * 1024;

// Reads and parses a file. An unreadable file throws InputError whose position
// names the path (and no line): "cannot read 'x.yaml': No such file or directory".
// Only regular files of at most kMaxFileBytes are read.
Node load_yaml_file(const std::string& path);


}  // namespace encsim
