package specstatus

import (
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

func TestSecrets(t *testing.T) {
	byConfig := func(p *astmodel.Property) { p.Secret, p.Provenance.Secret = true, astmodel.ByConfig }
	secretRef := astmodel.OptionalType{Element: astmodel.SecretReferenceType}.String()
	cases := []struct {
		name string
		raw  *astmodel.Property
		// wantSpecType is the spec property's type; "" when the spec leaves it out.
		wantSpecType string
		wantWhy      astmodel.Reason
		wantInStatus bool
	}{
		{"x-ms-secret", prop("accessKey", optString, secret), secretRef, astmodel.BySwagger, false},
		{"named like a password", prop("adminPassword", optString), secretRef, astmodel.ByName, false},
		{"named like a secret", prop("clientSecret", optString), secretRef, astmodel.ByName, false},
		{"$isSecret", prop("connection", optString, byConfig), secretRef, astmodel.ByConfig, false},
		{"a plain string", prop("passwordPolicy", optString), "*string", "", true},
		{"password-like but not a string", prop("disablePassword", astmodel.OptionalType{Element: astmodel.BoolType}), "*bool", "", true},
		{"x-ms-secret but not a string", prop("credentials", opt("Credentials"), secret), "*" + tn("Credentials").String(), "", false},
		{"a read-only secret", prop("primaryKey", optString, secret, readOnly), "", "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defs := definitions(object("WidgetResource", c.raw), object("Credentials", prop("user", optString)))
			out := Split(defs, []*selection.Export{export("Widget", "WidgetResource")})
			sp := propertyOf(t, out, "Widget_Spec", c.raw.Name)
			switch {
			case c.wantSpecType == "" && sp != nil:
				t.Errorf("spec has %s: %s", sp.Name, sp.Type)
			case c.wantSpecType != "" && sp == nil:
				t.Errorf("spec lacks %s", c.raw.Name)
			case sp != nil:
				if got := sp.Type.String(); got != c.wantSpecType {
					t.Errorf("spec type %s, want %s", got, c.wantSpecType)
				}
				if sp.Provenance.Secret != c.wantWhy {
					t.Errorf("Provenance.Secret = %q, want %q", sp.Provenance.Secret, c.wantWhy)
				}
				if sp.Name != c.raw.Name || sp.JSONName != c.raw.JSONName {
					t.Errorf("secret renamed to %s/%s", sp.Name, sp.JSONName)
				}
			}
			if got := propertyOf(t, out, "Widget_STATUS", c.raw.Name) != nil; got != c.wantInStatus {
				t.Errorf("in status = %v, want %v", got, c.wantInStatus)
			}
		})
	}
}
