package configapply

import (
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/loader"
	"github.com/armgen/armgen/pkg/codegen/selection"
)

var pkg = astmodel.MakeAPIPackage("example.com/apis", "demo", "v1api20200101")

const typesPath = "objectModelConfiguration.demo.2020-01-01."

func prop(armName string, opts ...func(*astmodel.Property)) *astmodel.Property {
	n := astmodel.ExportedName(armName)
	p := &astmodel.Property{Name: n, JSONName: astmodel.JSONName(n), ARMName: armName, Type: astmodel.OptionalType{Element: astmodel.StringType}}
	for _, o := range opts {
		o(p)
	}
	return p
}

func object(name string, props ...*astmodel.Property) astmodel.Definition {
	return astmodel.Definition{Name: pkg.TypeName(name), Type: astmodel.NewObjectType(props...)}
}

// raw is the raw model: Widget (exported) has its PUT body WidgetResource with a properties
// envelope marked x-ms-client-flatten; Gadget is a resource not exported; Sku is a type Widget
// uses.
func raw() astmodel.Definitions {
	return astmodel.Definitions{}.With(
		object("WidgetResource", prop("location"), prop("name"),
			prop("sku", func(p *astmodel.Property) { p.Type = astmodel.OptionalType{Element: pkg.TypeName("Sku")} }),
			prop("properties", func(p *astmodel.Property) {
				p.Type, p.Flatten = astmodel.OptionalType{Element: pkg.TypeName("WidgetProperties")}, true
			})),
		object("WidgetProperties", prop("adminKey"), prop("vaultId"), prop("subnetId", func(p *astmodel.Property) {
			p.ARMReference, p.Provenance.Reference = true, astmodel.BySwagger
		}), prop("newName")),
		object("Sku", prop("tier")),
		object("GadgetResource", prop("size")),
	)
}

// apply parses types (YAML below objectModelConfiguration.demo.2020-01-01, indented by two
// spaces) and applies it to the raw model.
func apply(t *testing.T, types string) (Result, error) {
	t.Helper()
	return applyTo(t, types, raw())
}

func applyTo(t *testing.T, types string, defs astmodel.Definitions) (Result, error) {
	t.Helper()
	cfg, err := config.Parse("azure-arm.yaml", []byte("objectModelConfiguration:\n  demo:\n    2020-01-01:\n"+indent(types, "      ")))
	if err != nil {
		t.Fatal(err)
	}
	vc := cfg.Group("demo").Version("2020-01-01")
	v := &selection.APIVersion{Config: vc, Group: "demo", Pkg: pkg,
		Catalog: &loader.Catalogue{Resources: []*loader.Resource{{Kind: "Gadget"}, {Kind: "Widget"}}}}
	var exps selection.Exports
	if tc := vc.Type("Widget"); tc.Exported() {
		exps = append(exps, &selection.Export{Config: tc, Pkg: pkg, Kind: "Widget",
			Body: pkg.TypeName("WidgetResource"), Response: pkg.TypeName("WidgetResource"),
			Bodies: map[astmodel.TypeName]bool{pkg.TypeName("WidgetResource"): true, pkg.TypeName("GadgetResource"): true}})
	}
	return Apply(cfg, selection.Versions{v}, exps, defs)
}

func indent(s, by string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = by + l
	}
	return strings.Join(lines, "\n") + "\n"
}

func property(t *testing.T, defs astmodel.Definitions, typeName, goName string) *astmodel.Property {
	t.Helper()
	o, ok := defs[pkg.TypeName(typeName)].Type.(*astmodel.ObjectType)
	if !ok {
		t.Fatalf("no object %s", typeName)
	}
	p, ok := o.Property(goName)
	if !ok {
		t.Fatalf("%s has no property %s", typeName, goName)
	}
	return p
}

func TestApplyPropertySettings(t *testing.T) {
	cases := []struct {
		name  string
		types string
		// in and property name the property to check, after the settings.
		in, property string
		check        func(*astmodel.Property) bool
	}{
		{
			name: "$isSecret", types: "Widget:\n  $export: true\n  adminKey:\n    $isSecret: true",
			in: "WidgetProperties", property: "AdminKey",
			check: func(p *astmodel.Property) bool { return p.Secret && p.Provenance.Secret == astmodel.ByConfig },
		},
		{
			name: "$referenceType: arm", types: "Widget:\n  $export: true\n  vaultId:\n    $referenceType: arm",
			in: "WidgetProperties", property: "VaultId",
			check: func(p *astmodel.Property) bool {
				return p.ARMReference && !p.NotARMReference && p.Provenance.Reference == astmodel.ByConfig
			},
		},
		{
			name: "$referenceType: arm+wellknown", types: "Widget:\n  $export: true\n  vaultId:\n    $referenceType: arm+wellknown",
			in: "WidgetProperties", property: "VaultId",
			check: func(p *astmodel.Property) bool {
				return p.ARMReference && p.WellKnownReference && p.Provenance.Reference == astmodel.ByConfig
			},
		},
		{
			name: "$referenceType: simple overrides the swagger", types: "Widget:\n  $export: true\n  subnetId:\n    $referenceType: simple",
			in: "WidgetProperties", property: "SubnetId",
			check: func(p *astmodel.Property) bool {
				return !p.ARMReference && p.NotARMReference && p.Provenance.Reference == ""
			},
		},
		{
			name: "$renameTo on a property", types: "Widget:\n  $export: true\n  location:\n    $renameTo: region",
			in: "WidgetResource", property: "Region",
			check: func(p *astmodel.Property) bool {
				return p.JSONName == "region" && p.ARMName == "location" && p.Provenance.Renamed == astmodel.ByConfig
			},
		},
		{
			name: "$renamedFrom", types: "Widget:\n  $export: true\n  newName:\n    $renamedFrom: oldName",
			in: "WidgetProperties", property: "NewName",
			check: func(p *astmodel.Property) bool { return p.RenamedFrom == "oldName" && p.Name == "NewName" },
		},
		{
			name: "$importConfigMapMode", types: "Widget:\n  $export: true\n  newName:\n    $importConfigMapMode: optional",
			in: "WidgetProperties", property: "NewName",
			check: func(p *astmodel.Property) bool { return p.ImportConfigMap == "optional" },
		},
		{
			name: "$importConfigMapMode on an ARM ID kept simple", types: "Widget:\n  $export: true\n  subnetId:\n    $referenceType: simple\n    $importConfigMapMode: required",
			in: "WidgetProperties", property: "SubnetId",
			check: func(p *astmodel.Property) bool { return p.ImportConfigMap == "required" && !p.ARMReference },
		},
		{
			name: "a setting on a type that is not a resource", types: "Sku:\n  tier:\n    $isSecret: true",
			in: "Sku", property: "Tier",
			check: func(p *astmodel.Property) bool { return p.Secret },
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := apply(t, c.types)
			if err != nil {
				t.Fatal(err)
			}
			if p := property(t, res.Definitions, c.in, c.property); !c.check(p) {
				t.Errorf("%+v", p)
			}
			// The setting was not there before.
			if p, _ := raw()[pkg.TypeName(c.in)].Type.(*astmodel.ObjectType).Property(c.property); p != nil && c.check(p) {
				t.Error("the raw model has the setting already")
			}
		})
	}
}

// TestApplyLeavesInputAlone: the raw model belongs to the stage before, so Apply works on a copy.
func TestApplyLeavesInputAlone(t *testing.T) {
	in := raw()
	before := in[pkg.TypeName("WidgetProperties")].Type.String()
	if _, err := applyTo(t, "Widget:\n  $export: true\n  adminKey:\n    $renameTo: key", in); err != nil {
		t.Fatal(err)
	}
	if after := in[pkg.TypeName("WidgetProperties")].Type.String(); after != before {
		t.Errorf("the input changed from %s to %s", before, after)
	}
}

func TestApplyRenamesProperty(t *testing.T) {
	res, err := apply(t, "Widget:\n  $export: true\n  location:\n    $renameTo: region")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := res.Definitions[pkg.TypeName("WidgetResource")].Type.(*astmodel.ObjectType).Property("Location"); ok {
		t.Error("Location is still there beside Region")
	}
}

func TestApplyRenamesType(t *testing.T) {
	res, err := apply(t, "Sku:\n  $renameTo: Plan\nGadgetResource:\n  $renameTo: GadgetBody\nWidget:\n  $export: true")
	if err != nil {
		t.Fatal(err)
	}
	defs := res.Definitions
	for _, c := range []struct{ from, to string }{{"Sku", "Plan"}, {"GadgetResource", "GadgetBody"}} {
		if _, ok := defs[pkg.TypeName(c.from)]; ok {
			t.Errorf("%s is still there", c.from)
		}
		d, ok := defs[pkg.TypeName(c.to)]
		if !ok {
			t.Fatalf("no %s", c.to)
		}
		if d.Name != pkg.TypeName(c.to) || (d.Origin.Derivation != astmodel.Renamed || d.Origin.From != pkg.TypeName(c.from)) {
			t.Errorf("%s: name %s, origin %+v", c.to, d.Name, d.Origin)
		}
	}
	if p := property(t, defs, "WidgetResource", "Sku"); p.Type != (astmodel.OptionalType{Element: pkg.TypeName("Plan")}) {
		t.Errorf("Widget's sku is %s", p.Type)
	}
	e := res.Exports[0]
	if e.Body != pkg.TypeName("WidgetResource") || !e.Bodies[pkg.TypeName("GadgetBody")] || e.Bodies[pkg.TypeName("GadgetResource")] {
		t.Errorf("export body %s, bodies %v", e.Body, e.Bodies)
	}
}

func TestApplyErrors(t *testing.T) {
	cases := []struct {
		name, types string
		want        []string
	}{
		{"an unknown property", "Widget:\n  $export: true\n  adminKy:\n    $isSecret: true",
			[]string{typesPath + "Widget.adminKy", "Widget has no property adminKy", `did you mean "adminKey"`}},
		{"an unknown type", "Skew:\n  $renameTo: Plan",
			[]string{typesPath + "Skew", "has no type Skew", `did you mean "Sku"`}},
		{"$renameTo on a resource", "Widget:\n  $export: true\n  $renameTo: Thing",
			[]string{typesPath + "Widget.$renameTo", "$exportAs"}},
		{"$renameTo onto another type", "Sku:\n  $renameTo: WidgetProperties",
			[]string{typesPath + "Sku.$renameTo", "WidgetProperties already names another type"}},
		{"$renameTo onto another property", "Widget:\n  $export: true\n  location:\n    $renameTo: name",
			[]string{typesPath + "Widget.location.$renameTo", "already has a property Name"}},
		{"$importConfigMapMode on a secret", "Widget:\n  $export: true\n  adminKey:\n    $isSecret: true\n    $importConfigMapMode: optional",
			[]string{typesPath + "Widget.adminKey.$importConfigMapMode", "is a secret"}},
		{"$importConfigMapMode on an ARM ID", "Widget:\n  $export: true\n  subnetId:\n    $importConfigMapMode: optional",
			[]string{typesPath + "Widget.subnetId.$importConfigMapMode", "$referenceType: simple"}},
		{"$importConfigMapMode on an object", "Widget:\n  $export: true\n  sku:\n    $importConfigMapMode: optional",
			[]string{typesPath + "Widget.sku.$importConfigMapMode", "only a string can come from a ConfigMap"}},
		{"settings on a resource not exported", "Gadget:\n  size:\n    $isSecret: true",
			[]string{typesPath + "Gadget", "not exported"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := apply(t, c.types)
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

// TestApplyUnexportedResource: $export: false alone is not a setting without effect.
func TestApplyUnexportedResource(t *testing.T) {
	if _, err := apply(t, "Gadget:\n  $export: false"); err != nil {
		t.Error(err)
	}
}

func TestApplyRead(t *testing.T) {
	res, err := apply(t, "Widget:\n  $export: true\n  adminKey:\n    $isSecret: true\nSku:\n  $renameTo: Plan")
	if err != nil {
		t.Fatal(err)
	}
	read := strings.Join(res.Read, "\n")
	for _, w := range []string{typesPath + "Widget.$renameTo", typesPath + "Widget.adminKey.$isSecret",
		typesPath + "Widget.adminKey.$renamedFrom", typesPath + "Sku.$renameTo"} {
		if !strings.Contains(read, w) {
			t.Errorf("read lacks %s", w)
		}
	}
}

// TestFlattenSettingDecidesWhatSettingsReach: settings name properties as users see them, so
// an envelope that stays nested is not searched, and $flatten decides before the rest apply.
func TestFlattenSettingDecidesWhatSettingsReach(t *testing.T) {
	nested := raw()
	body := nested[pkg.TypeName("WidgetResource")]
	envelope, _ := body.Type.(*astmodel.ObjectType).Property("Properties")
	unmarked := envelope.Copy()
	unmarked.Flatten = false
	nested = nested.With(body.WithType(body.Type.(*astmodel.ObjectType).WithProperties(unmarked)))

	if _, err := applyTo(t, "Widget:\n  $export: true\n  adminKey:\n    $isSecret: true", nested); err == nil ||
		!strings.Contains(err.Error(), "Widget has no property adminKey") {
		t.Fatalf("a setting reached into an envelope that stays nested: %v", err)
	}
	res, err := applyTo(t, "Widget:\n  $export: true\n  properties:\n    $flatten: true\n  adminKey:\n    $isSecret: true", nested)
	if err != nil {
		t.Fatal(err)
	}
	props := res.Definitions[pkg.TypeName("WidgetProperties")].Type.(*astmodel.ObjectType)
	if p, _ := props.Property("AdminKey"); p == nil || !p.Secret {
		t.Errorf("adminKey: %+v", p)
	}
	env, _ := res.Definitions[pkg.TypeName("WidgetResource")].Type.(*astmodel.ObjectType).Property("Properties")
	if !env.Flatten || env.Provenance.Flatten != astmodel.ByConfig {
		t.Errorf("$flatten not applied: %+v", env)
	}
	if !strings.Contains(strings.Join(res.Read, "\n"), typesPath+"Widget.properties.$flatten") {
		t.Errorf("$flatten not recorded as read: %v", res.Read)
	}
}

// TestReferenceTypeArmOnNonStringIsAnError: $referenceType: arm on a property that holds no
// string (ContainerGroup's log analytics workspaceResourceId is a map of strings in 2021-03-01)
// would change nothing; generation stops at the setting instead of ignoring it.
func TestReferenceTypeArmOnNonStringIsAnError(t *testing.T) {
	_, err := apply(t, "Widget:\n  $export: true\n  sku:\n    $referenceType: arm")
	if err == nil {
		t.Fatal("$referenceType: arm on an object: no error")
	}
	for _, w := range []string{typesPath + "Widget.sku.$referenceType", "only a string or a list of strings"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q does not mention %q", err, w)
		}
	}
	list := astmodel.Definitions{}.With(object("WidgetResource", prop("scopes", func(p *astmodel.Property) {
		p.Type = astmodel.ArrayType{Element: astmodel.StringType}
	})))
	res, err := applyTo(t, "Widget:\n  $export: true\n  scopes:\n    $referenceType: arm", list)
	if err != nil {
		t.Fatalf("a list of strings: %v", err)
	}
	if p := property(t, res.Definitions, "WidgetResource", "Scopes"); !p.ARMReference {
		t.Error("a list of strings did not become references")
	}
}

// TestRemoveFromSpecOfARequiredPropertyIsAnError: a property the swagger requires cannot leave
// the spec, or every PUT would lack it.
func TestRemoveFromSpecOfARequiredPropertyIsAnError(t *testing.T) {
	defs := raw()
	sku := object("Sku", prop("tier", func(p *astmodel.Property) { p.Required = true }))
	defs[sku.Name] = sku
	_, err := applyTo(t, "Widget:\n  $export: true\nSku:\n  tier:\n    $removeFromSpec: the service picks it", defs)
	if err == nil || !strings.Contains(err.Error(), typesPath+"Sku.tier.$removeFromSpec") || !strings.Contains(err.Error(), "required by the swagger") {
		t.Fatalf("got %v, want an error at the setting saying the swagger requires the property", err)
	}
	if _, err := applyTo(t, "Widget:\n  $export: true\nSku:\n  tier:\n    $removeFromSpec: the service picks it", raw()); err != nil {
		t.Fatalf("an optional property: %v", err)
	}
}
