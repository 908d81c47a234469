package golang

import "strings"

// Expressions written as text. Each takes and returns Go source; none needs parentheses for the
// operands the builders give them, as gofmt would write none.

// derefText is *x.
func derefText(x string) string { return "*" + x }

// receiverText is x as the receiver of a method call: p rather than (*p).
func receiverText(x string) string { return strings.TrimPrefix(x, "*") }

// addrOfText is a pointer to x: p rather than &*p.
func addrOfText(x string) string {
	if strings.HasPrefix(x, "*") {
		return x[1:]
	}
	return "&" + x
}

// indexText is x[i], with parentheses around a pointer dereference: (*x)[i].
func indexText(x, i string) string {
	if strings.HasPrefix(x, "*") {
		x = "(" + x + ")"
	}
	return x + "[" + i + "]"
}

// callText is fn(args...).
func callText(fn string, args ...string) string {
	return fn + "(" + strings.Join(args, ", ") + ")"
}
