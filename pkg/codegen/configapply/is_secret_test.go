package configapply

import (
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
)

// TestIsSecretOnAValueNoSecretCanHoldIsAConfigError: $isSecret on an enum, a number or an object
// cannot make it a Secret's value, so the spec would keep the value inline (only the status left
// it out); it is an error at the setting, naming the type. A string and a map of strings are
// what it can turn into SecretReference and SecretMapReference.
func TestIsSecretOnAValueNoSecretCanHoldIsAConfigError(t *testing.T) {
	defs := withMode()
	props := defs[pkg.TypeName("WidgetProperties")]
	defs = defs.With(props.WithType(props.Type.(*astmodel.ObjectType).WithProperties(
		prop("port", func(p *astmodel.Property) { p.Type = astmodel.OptionalType{Element: astmodel.IntType} }),
		prop("settings", func(p *astmodel.Property) {
			p.Type = astmodel.MapType{Key: astmodel.StringType, Value: astmodel.JSONType}
		}))))
	for property, want := range map[string]string{"mode": "Mode", "port": "int", "sku": "Sku"} {
		_, err := applyTo(t, "Widget:\n  $export: true\n  "+property+":\n    $isSecret: true", defs)
		if err == nil || !strings.Contains(err.Error(), typesPath+"Widget."+property+".$isSecret") || !strings.Contains(err.Error(), want) ||
			!strings.Contains(err.Error(), "remove the setting") {
			t.Errorf("$isSecret on %s: got %v, want an error at the setting naming %s", property, err, want)
		}
	}
	for _, property := range []string{"adminKey", "settings"} {
		if _, err := applyTo(t, "Widget:\n  $export: true\n  "+property+":\n    $isSecret: true", defs); err != nil {
			t.Errorf("$isSecret on %s: %v", property, err)
		}
	}
}
