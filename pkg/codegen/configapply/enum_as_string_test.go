package configapply

import (
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
)

// TestEnumAsString: the property becomes an optional string, as ASO's typeTransformers make a
// VM's vmSize; the enum itself stays for whatever else uses it.
func TestEnumAsString(t *testing.T) {
	res, err := applyTo(t, "Widget:\n  $export: true\n  mode:\n    $enumAsString: true", withMode())
	if err != nil {
		t.Fatal(err)
	}
	obj := res.Definitions[pkg.TypeName("WidgetProperties")].Type.(*astmodel.ObjectType)
	p, ok := obj.Property("Mode")
	if !ok {
		t.Fatalf("WidgetProperties lost mode: %v", obj.Properties())
	}
	if got, want := p.Type.String(), (astmodel.OptionalType{Element: astmodel.StringType}).String(); got != want {
		t.Errorf("mode is %s, want %s", got, want)
	}
	if _, still := res.Definitions[pkg.TypeName("Mode")].Type.(astmodel.EnumType); !still {
		t.Errorf("the enum Mode itself changed")
	}
	if !strings.Contains(strings.Join(res.Read, "\n"), typesPath+"Widget.mode.$enumAsString") {
		t.Errorf("not recorded as read: %v", res.Read)
	}
}

func TestEnumAsStringErrors(t *testing.T) {
	cases := []struct {
		name, types string
		want        []string
	}{
		{"a property the type does not have", "Widget:\n  $export: true\n  mdoe:\n    $enumAsString: true",
			[]string{"azure-arm.yaml:6:", typesPath + "Widget.mdoe", "Widget has no property mdoe", `did you mean "mode"`}},
		{"a property that is no enum", "Widget:\n  $export: true\n  adminKey:\n    $enumAsString: true",
			[]string{"azure-arm.yaml:6:", typesPath + "Widget.adminKey.$enumAsString", "not an enum"}},
		{"with additional values", "Widget:\n  $export: true\n  mode:\n    $enumAsString: true\n    $additionalEnumValues: [x]",
			[]string{typesPath + "Widget.mode.$enumAsString", "remove one of them"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := applyTo(t, c.types, withMode())
			if err == nil {
				t.Fatal("no error")
			}
			if _, ok := err.(*config.Error); !ok {
				t.Errorf("%T is not a config error", err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}
