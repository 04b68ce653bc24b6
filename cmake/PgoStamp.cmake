# Run by the build (CMakeLists.txt, ENCSIM_PGO=use): makes the profile stamp
# when it is missing (no training yet, or its folder deleted), so the library
# is compiled without a profile rather than the build stopping; an existing
# stamp is left as training wrote it.
if(NOT EXISTS "${STAMP}")
  get_filename_component(dir "${STAMP}" DIRECTORY)
  file(MAKE_DIRECTORY "${dir}")
  file(TOUCH "${STAMP}")
  message(STATUS "No profile for ENCSIM_PGO=use (tools/pgo-train.sh): the library is compiled without one")
endif()
