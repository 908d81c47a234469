package codegen

import (
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/astmodel"
)

// TestGoNameClashesKeepEveryProperty: wire names that make one Go name (http-port, http.port and
// httpPort; foo and Foo) all survive with distinct Go names, decided by the names alone (the one
// spelled as the Go-derived JSON name keeps the plain Go name), each Go rename recorded, their
// JSON names the wire names as ASO's are, and the wire names kept for ARM.
func TestGoNameClashesKeepEveryProperty(t *testing.T) {
	props := `"http-port": {"type": "integer"}, "http.port": {"type": "integer"}, "httpPort": {"type": "integer"},
		"Foo": {"type": "string"}, "foo": {"type": "string"}`
	res, cfg, err := runClash(t, clashSwagger(props, ""), "")
	if err != nil {
		t.Fatal(err)
	}
	defer buildClash(t, res)
	if text, want := explainText(t, res, cfg, "clash/v1api20210101/Thing.spec.http-port"), `its Go field is HttpPort2: "httpPort"'s, as both make the Go name HttpPort`; !strings.Contains(text, want) {
		t.Errorf("gen explain does not say %q:\n%s", want, text)
	}
	for _, name := range []string{"Thing_Spec", "Thing_STATUS"} {
		obj := thingObject(t, res, name, false)
		want := map[string][2]string{ // wire name -> Go name, JSON name
			"httpPort":  {"HttpPort", "httpPort"},
			"http-port": {"HttpPort2", "http-port"},
			"http.port": {"HttpPort3", "http.port"},
			"foo":       {"Foo", "foo"},
			"Foo":       {"Foo2", "Foo"},
		}
		for wire, names := range want {
			p, ok := obj.PropertyByJSON(names[1])
			if !ok || p.Name != names[0] || p.ARMName != wire {
				t.Errorf("%s: %q is not kept as %s/%s: %s", name, wire, names[0], names[1], obj)
				continue
			}
			if renamed := p.Provenance.Renamed == astmodel.ByClash; renamed != (names[0] != astmodel.ExportedName(wire)) {
				t.Errorf("%s.%s: rename recorded %v: %+v", name, names[1], renamed, p.Provenance)
			}
		}
	}
}

// TestDerivedNameClashesKeepEveryProperty: a name the generator derives (an ARM ID subnetId
// becomes the reference subnetReference) beside a swagger property of that name keeps both:
// the swagger's keeps its name, the reference is numbered, and the rename is recorded.
func TestDerivedNameClashesKeepEveryProperty(t *testing.T) {
	res, _, err := runClash(t, clashSwagger(`"subnetId": {"type": "string", "format": "arm-id"}, "subnetReference": {"type": "string"}`, ""), "")
	if err != nil {
		t.Fatal(err)
	}
	defer buildClash(t, res)
	spec := thingObject(t, res, "Thing_Spec", false)
	plain, ok := spec.PropertyByJSON("subnetReference")
	if !ok || plain.ARMName != "subnetReference" || astmodel.Unwrap(plain.Type) != astmodel.StringType {
		t.Errorf("the swagger's subnetReference is not kept: %s", spec)
	}
	ref, ok := spec.PropertyByJSON("subnetReference2")
	if !ok || ref.ARMName != "subnetId" || astmodel.Unwrap(ref.Type) != astmodel.ResourceReferenceType || ref.Provenance.Renamed != astmodel.ByClash {
		t.Errorf("the reference made of subnetId is not kept as subnetReference2: %s", spec)
	}
}

// TestPropertiesNamedLikeGeneratedMethodsCompile: properties called deepCopy or convertToARM,
// or like any other method the emitter generates on object types, get a Go name that does not
// meet the method; their JSON names stay.
func TestPropertiesNamedLikeGeneratedMethodsCompile(t *testing.T) {
	var props []string
	for _, m := range astmodel.GeneratedMethods {
		props = append(props, `"`+astmodel.JSONName(m)+`": {"type": "string"}`)
	}
	res, cfg, err := runClash(t, clashSwagger(strings.Join(props, ", "), ""), "")
	if err != nil {
		t.Fatal(err)
	}
	if text, want := explainText(t, res, cfg, "clash/v1api20210101/Thing.spec.deepCopy"), "its Go field is DeepCopyProperty: the generated method DeepCopy"; !strings.Contains(text, want) {
		t.Errorf("gen explain does not say %q:\n%s", want, text)
	}
	for _, storage := range []bool{false, true} {
		obj := thingObject(t, res, "Thing_Spec", storage)
		for _, m := range astmodel.GeneratedMethods {
			p, ok := obj.PropertyByJSON(astmodel.JSONName(m))
			if !ok {
				t.Errorf("no property %s: %s", astmodel.JSONName(m), obj)
				continue
			}
			if p.Name != m+astmodel.MethodClashSuffix {
				t.Errorf("property %s has the Go name %s, want %s", p.JSONName, p.Name, m+astmodel.MethodClashSuffix)
			}
		}
	}
	buildClash(t, res)
}

// TestDuplicateDiscriminatorValuesAreALocatedError: two variants of one union with the same
// discriminator value (which made a switch with the same case twice), or values that differ
// only in case (which Azure does not tell apart), are refused at the second variant, so nothing
// is generated.
func TestDuplicateDiscriminatorValuesAreALocatedError(t *testing.T) {
	for _, second := range []string{"Fast", "fast"} {
		t.Run(second, func(t *testing.T) {
			defs := `,
    "Rule": {"type": "object", "discriminator": "kind", "required": ["kind"], "properties": {"kind": {"type": "string"}}},
    "FastRule": {"type": "object", "x-ms-discriminator-value": "Fast", "allOf": [{"$ref": "#/definitions/Rule"}], "properties": {"speed": {"type": "integer"}}},
    "QuickRule": {"type": "object", "x-ms-discriminator-value": "` + second + `", "allOf": [{"$ref": "#/definitions/Rule"}], "properties": {"pace": {"type": "integer"}}}`
			res, _, err := runClash(t, clashSwagger(`"rule": {"$ref": "#/definitions/Rule"}`, defs), "")
			want := clashFile + `#/definitions/QuickRule: variants FastRule (` + clashFile + `#/definitions/FastRule) and QuickRule of Rule both have the kind value "` + second + `"`
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("got  %v (result %v)\nwant …%s", err, res != nil, want)
			}
		})
	}
}
