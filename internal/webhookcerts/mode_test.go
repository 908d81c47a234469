package webhookcerts

import (
	"flag"
	"io"
	"testing"
)

// TestModeFlag: --webhook-certs takes operator (the default) or files; anything else fails
// at parse time naming the value and the accepted ones.
func TestModeFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want Mode
		err  string
	}{
		{args: nil, want: ModeOperator},
		{args: []string{"--webhook-certs=files"}, want: ModeFiles},
		{args: []string{"--webhook-certs=Operator"}, want: ModeOperator},
		{args: []string{"--webhook-certs=cert-manager"}, err: `invalid value "cert-manager" for flag -webhook-certs: accepted values are operator, files`},
	} {
		fs := flag.NewFlagSet("controller", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		var m Mode
		fs.Var(&m, "webhook-certs", "")
		err := fs.Parse(tc.args)
		switch {
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("%v: err = %v, want %s", tc.args, err, tc.err)
		case tc.err == "" && err != nil:
			t.Errorf("%v: %v", tc.args, err)
		case tc.err == "" && m.OrDefault() != tc.want:
			t.Errorf("%v: mode %q, want %q", tc.args, m.OrDefault(), tc.want)
		}
	}
}
