# Takes the source-location parameters (`fileID:`, `filePath:`, `line:`, `column:`, `function:`,
# which default to the call site and which no caller passes) out of the subheading of each symbol
# that has them. DocC prints a Swift symbol's subheading as its sidebar (navigator) entry and in
# the topic lists of its parent, and ignores `@DisplayName` there. The declaration, which the
# symbol's own page shows, keeps them; its extension file in the catalog says what they are for.

# The index of the first source-location parameter of the fragments, or null.
def hidden_parameter:
  . as $f
  | first(
    range(1; ($f | length) - 2)
    | select(
      $f[.].kind == "externalParam"
        and ($f[.].spelling | IN("fileID", "filePath", "line", "column", "function"))
        and $f[. + 1].spelling == ": "
        and ($f[. + 2].spelling | IN("StaticString", "String", "UInt"))
    )
  ) // null;

# The fragments without their source-location parameters, each taken with the separator before
# it (a fragment of its own, or the end of one such as `?, `), or after it when it is the first
# parameter.
def without_source_location:
  hidden_parameter as $i
  | if $i == null then .
    elif .[$i - 1].spelling == ", " then (.[:$i - 1] + .[$i + 3:]) | without_source_location
    elif .[$i - 1].spelling | endswith(", ") then
      .[$i - 1].spelling |= .[:-2] | (.[:$i] + .[$i + 3:]) | without_source_location
    elif .[$i + 3].spelling == ", " then (.[:$i] + .[$i + 4:]) | without_source_location
    else (.[:$i] + .[$i + 3:]) | without_source_location
    end;

.symbols |= map(
  if any(.names.subHeading[]?; .kind == "externalParam" and .spelling == "fileID") then
    .names.subHeading |= without_source_location
    | if .names.navigator then .names.navigator |= without_source_location else . end
  else . end
)
