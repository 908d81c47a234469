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

// TestSecretMaps: a map marked secret (x-ms-secret in the swagger, or $isSecret) becomes a
// reference to a whole Secret in the spec, and leaves the status, rather than staying a plain map
// whose values would sit in the resource.
func TestSecretMaps(t *testing.T) {
	byConfig := func(p *astmodel.Property) { p.Secret, p.Provenance.Secret = true, astmodel.ByConfig }
	secretMapRef := astmodel.OptionalType{Element: astmodel.SecretMapReferenceType}.String()
	strings := astmodel.MapType{Key: astmodel.StringType, Value: astmodel.StringType}
	jsons := astmodel.MapType{Key: astmodel.StringType, Value: astmodel.JSONType}
	cases := []struct {
		name         string
		raw          *astmodel.Property
		wantSpecType string
		wantWhy      astmodel.Reason
	}{
		{"x-ms-secret on a map of strings", prop("configurationProtectedSettings", strings, secret), secretMapRef, astmodel.BySwagger},
		{"$isSecret on a map of JSON", prop("protectedSettings", jsons, byConfig), secretMapRef, astmodel.ByConfig},
		{"a plain map", prop("settings", jsons), jsons.String(), ""},
		{"a secret map of objects", prop("credentials", astmodel.MapType{Key: astmodel.StringType, Value: tn("Credentials")}, secret), astmodel.MapType{Key: astmodel.StringType, Value: tn("Credentials")}.String(), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defs := definitions(object("WidgetResource", c.raw), object("Credentials", prop("user", optString)))
			out := Split(defs, []*selection.Export{export("Widget", "WidgetResource")})
			sp := propertyOf(t, out, "Widget_Spec", c.raw.Name)
			if sp == nil {
				t.Fatalf("spec lacks %s", c.raw.Name)
			}
			if got := sp.Type.String(); got != c.wantSpecType {
				t.Errorf("spec type %s, want %s", got, c.wantSpecType)
			}
			if sp.Provenance.Secret != c.wantWhy {
				t.Errorf("Provenance.Secret = %q, want %q", sp.Provenance.Secret, c.wantWhy)
			}
			if inStatus := propertyOf(t, out, "Widget_STATUS", c.raw.Name) != nil; inStatus == c.raw.Secret {
				t.Errorf("in status = %v, want %v", inStatus, !c.raw.Secret)
			}
		})
	}
}
