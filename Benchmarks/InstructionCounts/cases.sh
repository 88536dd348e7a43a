# Sourced by count.sh and memory.sh: the cases a run measures.
#
# `select_cases SCRIPT [case ...]` fills `selected` with the entries of `all_cases` (each
# "name arguments...") named on the command line, or with every entry when none is named. An
# unknown name prints the known ones and exits with status 2.
select_cases() {
  local script="$1" name entry found
  shift
  selected=()
  if [ "$#" -eq 0 ]; then
    selected=("${all_cases[@]}")
    return
  fi
  for name in "$@"; do
    found=""
    for entry in "${all_cases[@]}"; do
      if [ "${entry%% *}" = "$name" ]; then found="$entry"; fi
    done
    if [ -z "$found" ]; then
      echo "$script: unknown case '$name' (cases: $(printf '%s ' "${all_cases[@]%% *}"))" >&2
      exit 2
    fi
    selected+=("$found")
  done
}
