package config

import (
	"strings"

	"gopkg.in/yaml.v3"
)

// commitSHA reads specCommit. Only a full SHA will do: a server hands out a
// commit by id only when given all 40 digits, and an abbreviation can become
// ambiguous as the upstream repository grows.
func (p *parser) commitSHA(n *yaml.Node, path string) (string, error) {
	// An unquoted SHA made only of digits and one "e" resolves as a number;
	// the node keeps the text as written, which is what counts here.
	if n.Kind != yaml.ScalarNode || !(n.ShortTag() == "!!str" || n.ShortTag() == "!!int" || n.ShortTag() == "!!float") {
		return "", p.typeError(n, path, "a commit SHA (40 hex digits)", "")
	}
	s := n.Value
	if isCommitSHA(s) {
		return s, nil
	}
	suggestion := ""
	// git reads an upper-case id as a ref name, not as a commit.
	if lower := strings.ToLower(s); isCommitSHA(lower) {
		suggestion = lower
	}
	return "", p.fail(path, n, suggestion, "%q is not a full commit SHA; expected 40 lower-case hex digits, as `git rev-parse HEAD` prints them", shorten(s))
}

// isCommitSHA reports whether s is a full, lower-case git commit id.
func isCommitSHA(s string) bool {
	if len(s) != 40 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !('0' <= s[i] && s[i] <= '9' || 'a' <= s[i] && s[i] <= 'f') {
			return false
		}
	}
	return true
}
