#include "cli/cli.hpp"

int main(int argc, char** argv) { return encsim::cli::main(argc, argv); }
