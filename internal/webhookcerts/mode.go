package webhookcerts

import (
	"fmt"
	"strings"
)

// Mode says where the webhook's serving certificate comes from (the controller's
// --webhook-certs flag). It is a flag.Value, so a bad value fails at parse time.
type Mode string

const (
	// ModeOperator: the operator makes, stores and renews its own CA and certificate.
	ModeOperator Mode = "operator"
	// ModeFiles: tls.crt and tls.key are read from --webhook-cert-dir, where cert-manager (or
	// anything else) mounts them; the CRDs' caBundle is someone else's job.
	ModeFiles Mode = "files"
)

var modes = []Mode{ModeOperator, ModeFiles}

// OrDefault is m, or ModeOperator for the zero value.
func (m Mode) OrDefault() Mode {
	if m == "" {
		return ModeOperator
	}
	return m
}

// String is the flag's value; the zero value reads as the default.
func (m *Mode) String() string {
	if m == nil {
		return string(ModeOperator)
	}
	return string(m.OrDefault())
}

// Set accepts one of the modes, naming them all when s is none.
func (m *Mode) Set(s string) error {
	mode, err := ParseMode(s)
	if err != nil {
		return fmt.Errorf("accepted values are %s", accepted())
	}
	*m = mode
	return nil
}

// Type names the value's kind in help texts that ask (spf13/pflag).
func (m *Mode) Type() string { return "string" }

// ParseMode reads a --webhook-certs value.
func ParseMode(s string) (Mode, error) {
	for _, m := range modes {
		if strings.EqualFold(strings.TrimSpace(s), string(m)) {
			return m, nil
		}
	}
	return "", fmt.Errorf("--webhook-certs %q: accepted values are %s", s, accepted())
}

func accepted() string {
	names := make([]string, len(modes))
	for i, m := range modes {
		names[i] = string(m)
	}
	return strings.Join(names, ", ")
}
