package yamlenc

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// readsAsString reports whether s, written plain, reads back as the string s: yaml/v2 quotes
// any string that would read as null, a bool, a number or a timestamp (its resolve), and strings
// that look like YAML 1.1's base 60 floats.
func readsAsString(s string) bool {
	if s == "" {
		return false // null
	}
	switch c := s[0]; {
	case c == '+' || c == '-' || c >= '0' && c <= '9':
		if _, ok := specialPlain[s]; ok {
			return false
		}
		return !numberOrTimestamp(s) && !isBase60Float(s)
	case c == '.':
		if _, ok := specialPlain[s]; ok {
			return false
		}
		_, err := strconv.ParseFloat(s, 64)
		return err != nil
	case strings.IndexByte("yYnNtTfFoO~", c) >= 0:
		_, ok := specialPlain[s]
		return !ok
	}
	return true
}

// specialPlain are the plain scalars yaml/v2 reads by name (its resolve table); "<<" is a merge key.
var specialPlain = func() map[string]bool {
	m := map[string]bool{}
	for _, s := range []string{
		"y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON",
		"n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF",
		"~", "null", "Null", "NULL",
		".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF",
	} {
		m[s] = true
	}
	return m
}()

// numberOrTimestamp is yaml/v2's reading of a plain scalar that starts with a sign or a digit.
func numberOrTimestamp(in string) bool {
	if isTimestamp(in) {
		return true
	}
	plain := strings.ReplaceAll(in, "_", "")
	if _, err := strconv.ParseInt(plain, 0, 64); err == nil {
		return true
	}
	if _, err := strconv.ParseUint(plain, 0, 64); err == nil {
		return true
	}
	if yamlStyleFloat.MatchString(plain) {
		if _, err := strconv.ParseFloat(plain, 64); err == nil {
			return true
		}
	}
	if rest, ok := strings.CutPrefix(plain, "0b"); ok {
		if _, err := strconv.ParseInt(rest, 2, 64); err == nil {
			return true
		}
		if _, err := strconv.ParseUint(rest, 2, 64); err == nil {
			return true
		}
	} else if rest, ok := strings.CutPrefix(plain, "-0b"); ok {
		if _, err := strconv.ParseInt("-"+rest, 2, 64); err == nil {
			return true
		}
	}
	return false
}

var yamlStyleFloat = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)

var timestampFormats = []string{
	"2006-1-2T15:4:5.999999999Z07:00",
	"2006-1-2t15:4:5.999999999Z07:00",
	"2006-1-2 15:4:5.999999999",
	"2006-1-2",
}

func isTimestamp(s string) bool {
	i := 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
	}
	if i != 4 || i == len(s) || s[i] != '-' {
		return false
	}
	for _, f := range timestampFormats {
		if _, err := time.Parse(f, s); err == nil {
			return true
		}
	}
	return false
}

func isBase60Float(s string) bool {
	if strings.IndexByte(s, ':') < 0 {
		return false
	}
	return base60Float.MatchString(s)
}

var base60Float = regexp.MustCompile(`^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$`)
