# Turns `dynval --help`, which is laid out like a manual page (NAME,
# SYNOPSIS, ... headings in capitals, text indented by four spaces), into
# dynval.1: the NAME line in whatis form, every other section verbatim.
#
#   dynval --help | awk -v version=0.1.0 -v date=2026-11-21 -f manpage.awk
BEGIN {
    print ".TH DYNVAL 1 \"" date "\" \"dynval " version "\" \"User Commands\""
}
/^[A-Z][A-Z ]*$/ {
    if (section != "" && section != "NAME") print ".fi"
    section = $0
    print ".SH " section
    if (section != "NAME") print ".nf"
    next
}
{
    sub(/^    /, "")
    gsub(/\\/, "\\e")
    if (section == "NAME") {
        if ($0 == "") next
        sub(/ - /, " \\- ")
    } else {
        gsub(/-/, "\\-")
    }
    if ($0 ~ /^[.']/) $0 = "\\&" $0
    print
}
END {
    if (section != "NAME") print ".fi"
}
