package reconciler

import (
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/genruntime"
)

// TestRedactHidesEveryPartOfEverySecret: one secret value inside another (a password and the
// same password with a suffix) is masked whole whichever is replaced first, and a value with
// characters JSON or Go quoting escapes is masked as ARM or an error quotes it.
func TestRedactHidesEveryPartOfEverySecret(t *testing.T) {
	cases := []struct {
		secrets []string
		msg     string
		leak    []string
	}{
		{[]string{"Passw0rd", "Passw0rd-Suffix9"}, "password 'Passw0rd-Suffix9' is too long", []string{"Suffix9"}},
		{[]string{"Suffix9", "Passw0rd-Suffix9"}, "password 'Passw0rd-Suffix9' is too long", []string{"Passw0rd"}},
		{[]string{`a"b\c<d>`}, `{"administratorLoginPassword":"a\"b\\c\u003cd\u003e"} was refused`, []string{`\"b`, `c\u003cd`}},
		{[]string{`a"b\c`}, `invalid value "a\"b\\c"`, []string{`\"b`}},
		{[]string{`"quoted"`}, `invalid value "\"quoted\""`, []string{`quoted`}},
	}
	for _, c := range cases {
		a := &attempt{secrets: c.secrets}
		got := a.redact(c.msg)
		for _, l := range c.leak {
			if strings.Contains(got, l) {
				t.Errorf("secrets %q: %q redacted to %q, which still holds %q", c.secrets, c.msg, got, l)
			}
		}
		if !strings.Contains(got, redactedMark) {
			t.Errorf("secrets %q: %q redacted to %q, nothing masked", c.secrets, c.msg, got)
		}
	}
}

// TestRedactHidesSecretMapValues: every value of a Secret read whole (protectedSettings) is a
// secret this attempt masks, as a key's value is.
func TestRedactHidesSecretMapValues(t *testing.T) {
	resolved := genruntime.ConvertToARMResolvedDetails{
		ResolvedSecrets:    map[genruntime.SecretReference]string{{Name: "a", Key: "p"}: "Passw0rd"},
		ResolvedSecretMaps: map[genruntime.SecretMapReference]map[string]string{{Name: "ext"}: {"commandToExecute": "curl -H token-3q8v"}},
	}
	a := &attempt{secrets: secretValues(resolved)}
	got := a.redact(`{"protectedSettings":{"commandToExecute":"curl -H token-3q8v"}} refused; password Passw0rd`)
	if strings.Contains(got, "token-3q8v") || strings.Contains(got, "Passw0rd") {
		t.Errorf("redacted to %q, which still holds a secret", got)
	}
	if !strings.Contains(got, "commandToExecute") {
		t.Errorf("redacted to %q: a key of the Secret is no secret and names the setting", got)
	}
}
