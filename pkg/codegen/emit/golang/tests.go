package golang

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
)

// Generated tests: one test package per API group (package <group>_test in the group's folder),
// with, for each types file of each version and storage package of the group, a test file of
// generators of random values for each of its definitions, a JSON round trip per object and
// resource, and a round trip through every conversion its types declare (to the storage twin and
// back, to the hub and back; where the file's types are a hub, from this side too: hub -> other
// version -> hub). One package per group links one test binary per group rather than one per
// package, most of what testing the generated code costs; being external, it also leaves each
// API package compiled and vetted once, not a second time with its tests.

var (
	rapidPackage   = astmodel.MakeExternalPackage("pgregory.net/rapid", "rapid")
	testingPackage = astmodel.MakeExternalPackage("testing", "testing")
	gentestPackage = astmodel.MakeExternalPackage("github.com/armgen/armgen/pkg/genruntime/gentest", "gentest")
)

// generatorsOf are the gentest generators of the external types generated code uses.
var generatorsOf = map[astmodel.TypeName]string{
	astmodel.KnownResourceReferenceType:  "KnownResourceReference",
	astmodel.ArbitraryOwnerReferenceType: "ArbitraryOwnerReference",
	astmodel.ResourceReferenceType:       "ResourceReference",
	astmodel.WellKnownReferenceType:      "WellKnownResourceReference",
	astmodel.SecretReferenceType:         "SecretReference",
	astmodel.SecretMapReferenceType:      "SecretMapReference",
	astmodel.ConfigMapReferenceType:      "ConfigMapReference",
	astmodel.SecretDestinationType:       "SecretDestination",
	astmodel.ConfigMapDestinationType:    "ConfigMapDestination",
	astmodel.DestinationExpressionType:   "DestinationExpression",
	astmodel.PropertyBagType:             "PropertyBag",
	astmodel.ConditionType:               "Condition",
	astmodel.JSONType:                    "JSON",
	objectJSON:                           "JSONObject",
}

// objectJSON stands, in generatorsOf, for the JSON a property holds in place of an object type
// (the deeper levels of a recursive type, Provenance.JSON) or where the swagger says only "an
// object" (Property.JSONObjects: a metric alert's criteria beyond their declared keys): its
// values must be JSON objects, as the swagger says, for the ARM payload check.
var objectJSON = astmodel.MakeTypeName(astmodel.APIExtensionsPackage, "JSON (object)")

// groupTestPackage is the test package of pkg's API group: in the group's folder, which holds no
// other Go file, so that the package is the external test package of nothing.
func groupTestPackage(pkg astmodel.PackageReference) astmodel.PackageReference {
	base := strings.TrimSuffix(pkg.Path, pkg.RelativeDir())
	name := identifierOf(pkg.Group) + "_test"
	return astmodel.MakeExternalPackage(base+pkg.Group, name)
}

// testPrefix tells the tests and generators of pkg from those of the other packages of its
// group: the name the group's test package imports pkg under (v1api20201101, or
// v1api20201101storage for its storage twin).
func testPrefix(pkg astmodel.PackageReference) string {
	if pkg.Storage {
		return pkg.Version
	}
	return pkg.Name
}

// testFileName is the test file, in the group's folder, that goes with a types file of pkg.
func testFileName(pkg astmodel.PackageReference, types string) string {
	return testPrefix(pkg) + "_" + strings.TrimSuffix(types, ".go") + "_test.go"
}

// generatorName is the function that draws a random value of a definition. Type names start
// with a capital and package prefixes do not, so no two definitions of a group share one.
func generatorName(n astmodel.TypeName) string {
	return "generate_" + testPrefix(n.Package) + "_" + n.Name
}

// testText writes the generators and tests of one types file: the generators of its
// definitions, then their tests, then the round trips that start from them (hubTests).
func (fb *fileBuilder) testText(w *goText, plan filePlan) error {
	for _, def := range plan.defs {
		if err := fb.generatorText(w, def); err != nil {
			return fmt.Errorf("generator of %s: %w", def.Name.Name, err)
		}
	}
	for _, def := range plan.defs {
		gen := generatorName(def.Name)
		switch def.Type.(type) {
		case *astmodel.ObjectType, *astmodel.ResourceType:
			fb.testFunc(w, def.Name, def.Name.Name+"_JSONRoundTrip",
				"checks that JSON keeps every value of "+def.Name.Name+".",
				callText(fb.qualifiedText(gentestPackage, "RunJSONRoundTrip"), "t", gen))
		}
		if rt, isResource := def.Type.(*astmodel.ResourceType); isResource {
			fb.spokeTest(w, def.Name)
			fb.armRoundTripTests(w, rt)
			fb.armPayloadTest(w, rt)
			continue
		}
		for _, a := range fb.conv.Of(def.Name) {
			self := fb.qualifiedText(a.Self.Package, a.Self.Name)
			fb.testFunc(w, def.Name, a.Self.Name+"_"+a.ToMethod+"_RoundTrip",
				fmt.Sprintf("checks that converting a %s to %s and back loses nothing.", a.Self.Name, a.Other),
				callText(fb.qualifiedText(gentestPackage, "RunRoundTrip")+"["+self+", "+fb.qualifiedText(a.Other.Package, a.Other.Name)+"]",
					"t", generatorName(a.Self), methodText(self, a.ToMethod), methodText(self, a.FromMethod)))
		}
	}
	fb.hubTests(w, plan)
	return nil
}

// spokeTest checks that a resource converts to its hub and back without loss.
func (fb *fileBuilder) spokeTest(w *goText, n astmodel.TypeName) {
	if fb.conv == nil {
		return
	}
	hub, ok := fb.conv.Graph.Hub(n)
	if !ok || hub == n {
		return
	}
	fb.testFunc(w, n, n.Name+"_HubRoundTrip",
		fmt.Sprintf("checks that converting a %s to the hub %s and back loses nothing.", n.Name, hub),
		callText(fb.qualifiedText(gentestPackage, "RunSpokeRoundTrip")+"["+fb.qualifiedText(n.Package, n.Name)+", "+fb.qualifiedText(hub.Package, hub.Name)+"]",
			"t", generatorName(n)))
}

// hubTests writes the round trips that start from the definitions of plan: through every
// version that converts with them, where that version keeps a property bag (so that nothing of
// ours may be lost on the way).
func (fb *fileBuilder) hubTests(w *goText, plan filePlan) {
	if fb.conv == nil {
		return
	}
	for _, def := range plan.defs {
		gen := generatorName(def.Name)
		if _, isResource := def.Type.(*astmodel.ResourceType); isResource {
			// One kind per resource: look it up rather than scanning every kind of the run.
			if kv, ok := fb.conv.Graph.KindOf(def.Name); ok && kv.Hub == def.Name {
				for _, r := range kv.Resources {
					if r == def.Name || !r.Package.Storage {
						continue
					}
					fb.testFunc(w, def.Name, def.Name.Name+"_RoundTripThrough_"+identifierOf(r.Package.Version),
						fmt.Sprintf("checks that converting a hub %s to %s and back loses nothing.", def.Name.Name, r),
						callText(fb.qualifiedText(gentestPackage, "RunHubRoundTrip")+"["+fb.qualifiedText(def.Name.Package, def.Name.Name)+", "+fb.qualifiedText(r.Package, r.Name)+"]",
							"t", gen))
				}
			}
			continue
		}
		for _, a := range fb.conv.Towards(def.Name) {
			if a.SelfBag == "" || a.OtherBag == "" {
				continue
			}
			self := fb.qualifiedText(a.Self.Package, a.Self.Name)
			fb.testFunc(w, def.Name, def.Name.Name+"_RoundTripThrough_"+identifierOf(a.Self.Package.Version)+"_"+a.Self.Name,
				fmt.Sprintf("checks that converting a %s to %s and back loses nothing.", def.Name.Name, a.Self),
				callText(fb.qualifiedText(gentestPackage, "RunReverseRoundTrip")+"["+self+", "+fb.qualifiedText(def.Name.Package, def.Name.Name)+"]",
					"t", gen, methodText(self, a.FromMethod), methodText(self, a.ToMethod)))
		}
	}
}

// testFunc writes "func Test_<prefix>_name(t *testing.T) { body }", a test of the package of of.
func (fb *fileBuilder) testFunc(w *goText, of astmodel.TypeName, name, doc, body string) {
	name = "Test_" + testPrefix(of.Package) + "_" + name
	w.decl(name + " " + doc)
	w.open("func %s(t *%s)", name, fb.qualifiedText(testingPackage, "T"))
	w.line("%s", body)
	w.close()
}

// methodText is (*T).Method.
func methodText(t, name string) string { return "(*" + t + ")." + name }

// generatorText writes "func generate_X(t *rapid.T) X", which draws a random X.
func (fb *fileBuilder) generatorText(w *goText, def astmodel.Definition) error {
	name := def.Name.Name
	self := fb.qualifiedText(def.Name.Package, name)
	var result string
	var fields []keyedText
	switch t := def.Type.(type) {
	case *astmodel.ResourceType:
		result = self + "{ObjectMeta: " + callText(fb.qualifiedText(gentestPackage, "ObjectMeta"), "t") +
			", Spec: " + callText(generatorName(t.Spec), "t") +
			", Status: " + callText(generatorName(t.Status), "t") + "}"
	case *astmodel.ObjectType:
		if len(t.Variants()) > 0 {
			return fb.unionGeneratorText(w, def.Name, self, t)
		}
		var err error
		if fields, err = fb.fieldGenerators(t, t.Properties()); err != nil {
			return err
		}
	case astmodel.EnumType:
		if len(t.Values) == 0 {
			g, err := fb.generatorOf(t.Base)
			if err != nil {
				return err
			}
			result = callText(self, callText(g, "t"))
			break
		}
		// Operator-only values are translated by the operator before the PUT, never sent as
		// they are: drawn here, the ARM payload tests would find them refused by the swagger.
		var values []string
		for _, v := range t.Values {
			if !v.OperatorOnly {
				values = append(values, fb.qualifiedText(def.Name.Package, name+"_"+v.Identifier))
			}
		}
		result = callText(callText(fb.qualifiedText(gentestPackage, "OneOf"), values...), "t")
	default:
		g, err := fb.generatorOf(t)
		if err != nil {
			return err
		}
		result = callText(self, callText(g, "t"))
	}
	w.decl(generatorName(def.Name) + " draws a random " + name + " for property-based tests.")
	w.open("func %s(t *%s) %s", generatorName(def.Name), fb.qualifiedText(rapidPackage, "T"), self)
	if _, isObject := def.Type.(*astmodel.ObjectType); isObject {
		w.literal("return "+self, fields)
	} else {
		w.line("return %s", result)
	}
	w.close()
	return nil
}

// fieldGenerators are "Name: generator(t)" for each of props, properties of t.
func (fb *fileBuilder) fieldGenerators(t *astmodel.ObjectType, props []*astmodel.Property) ([]keyedText, error) {
	fields := make([]keyedText, 0, len(props))
	for _, p := range props {
		pt := p.Type
		if p.Provenance.JSON != "" || p.JSONObjects {
			pt = astmodel.RenameReferences(pt, map[astmodel.TypeName]astmodel.TypeName{astmodel.JSONType: objectJSON})
		}
		g, err := fb.generatorOf(pt)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p.Name, err)
		}
		if o, ok := p.Type.(astmodel.OptionalType); ok && p.Required && p.KeyedBy == "" && isKeyedItemOf(t) {
			// The reference of a keyed list's item is what makes it an item at all.
			if g, err = fb.generatorOf(o.Element); err != nil {
				return nil, err
			}
			g = callText(fb.qualifiedText(gentestPackage, "Present"), g)
		}
		fields = append(fields, keyedText{key: p.Name, value: callText(g, "t")})
	}
	return fields, nil
}

// isKeyedItemOf tells the item of a list that is a map keyed by reference on the wire.
func isKeyedItemOf(o *astmodel.ObjectType) bool {
	ps := o.Properties()
	return len(ps) == 1 && ps[0].Name == "Reference" && astmodel.Unwrap(ps[0].Type) == astmodel.ResourceReferenceType
}

// unionGeneratorText writes the generator of a union: it sets exactly one variant, as the CRD's
// one-of validation and the wire (which carries one variant) demand, and draws the union's other
// properties (a polymorphic resource's azureName and owner) as any object's.
func (fb *fileBuilder) unionGeneratorText(w *goText, n astmodel.TypeName, self string, t *astmodel.ObjectType) error {
	var own []*astmodel.Property
	for _, p := range t.Properties() {
		if !p.Variant {
			own = append(own, p)
		}
	}
	var drawn []*astmodel.Property
	for _, p := range t.Variants() {
		// What keeps a variant the union does not know is Azure's to fill, never a client's.
		if !p.OtherVariant {
			drawn = append(drawn, p)
		}
	}
	gens := make([]string, len(drawn))
	for i, p := range drawn {
		g, err := fb.generatorOf(astmodel.Unwrap(p.Type))
		if err != nil {
			return fmt.Errorf("%s: %w", p.Name, err)
		}
		gens[i] = g
	}
	var fields []keyedText
	if len(own) > 0 {
		var err error
		if fields, err = fb.fieldGenerators(t, own); err != nil {
			return err
		}
	}
	w.decl(generatorName(n) + " draws a random " + n.Name + ", with one variant set.")
	w.open("func %s(t *%s) %s", generatorName(n), fb.qualifiedText(rapidPackage, "T"), self)
	if len(own) > 0 {
		w.literal("result := "+self, fields)
	} else {
		w.line("var result %s", self)
	}
	// gofmt puts the cases at the depth of the switch, their statements one deeper.
	w.line("switch %s {", callText(fb.qualifiedText(gentestPackage, "Variant"), "t", strconv.Itoa(len(gens))))
	for i, p := range drawn {
		w.line("case %d:", i)
		w.depth++
		w.line("variant := %s", callText(gens[i], "t"))
		w.line("result.%s = &variant", p.Name)
		w.depth--
	}
	w.line("}")
	w.line("return result")
	w.close()
	return nil
}

// armRoundTripTests check that a resource's spec and status survive the trip to the wire and
// back (see gentest.RunARMRoundTrip).
func (fb *fileBuilder) armRoundTripTests(w *goText, rt *astmodel.ResourceType) {
	for _, n := range []astmodel.TypeName{rt.Spec, rt.Status} {
		if _, ok := fb.arm.Of(n); !ok {
			continue
		}
		fb.testFunc(w, n, n.Name+"_ARMRoundTrip",
			"checks that "+n.Name+" survives ConvertToARM, JSON and PopulateFromARM.",
			callText(fb.qualifiedText(gentestPackage, "RunARMRoundTrip")+"["+fb.qualifiedText(n.Package, n.Name)+"]",
				"t", generatorName(n)))
	}
}

// armPayloadTest checks that what a resource's spec sends has the shape of the swagger's PUT
// body (see gentest.RunARMPayloadCheck); it skips when the spec root is not set.
func (fb *fileBuilder) armPayloadTest(w *goText, rt *astmodel.ResourceType) {
	if _, ok := fb.arm.Of(rt.Spec); !ok {
		return
	}
	n := rt.Spec
	fb.testFunc(w, n, n.Name+"_ARMPayloadMatchesSwagger",
		"checks that what "+n.Name+" sends to Azure is a valid "+rt.ARMType+" PUT body of api-version "+rt.APIVersion+".",
		callText(fb.qualifiedText(gentestPackage, "RunARMPayloadCheck")+"["+fb.qualifiedText(n.Package, n.Name)+"]",
			"t", generatorName(n), strconv.Quote(rt.ARMType), strconv.Quote(rt.APIVersion), strconv.Quote(string(rt.Scope))))
}

// generatorOf returns a function value that draws a random value of t.
func (fb *fileBuilder) generatorOf(t astmodel.Type) (string, error) {
	wrap := func(combinator string, elem astmodel.Type) (string, error) {
		g, err := fb.generatorOf(elem)
		if err != nil {
			return "", err
		}
		return callText(fb.qualifiedText(gentestPackage, combinator), g), nil
	}
	switch x := t.(type) {
	case astmodel.PrimitiveType:
		switch x {
		case astmodel.StringType:
			return fb.qualifiedText(gentestPackage, "String"), nil
		case astmodel.IntType:
			return fb.qualifiedText(gentestPackage, "Int"), nil
		case astmodel.FloatType:
			return fb.qualifiedText(gentestPackage, "Float"), nil
		case astmodel.BoolType:
			return fb.qualifiedText(gentestPackage, "Bool"), nil
		}
	case astmodel.ValidatedType:
		return fb.generatorOf(x.Element)
	case astmodel.OptionalType:
		return wrap("Optional", x.Element)
	case astmodel.ArrayType:
		return wrap("SliceOf", x.Element)
	case astmodel.MapType:
		if astmodel.Unwrap(x.Key) != astmodel.StringType {
			return "", fmt.Errorf("maps with %s keys have no generator", x.Key)
		}
		return wrap("MapOf", x.Value)
	case astmodel.TypeName:
		if x.Package.IsAPI() {
			return generatorName(x), nil
		}
		if g, ok := generatorsOf[x]; ok {
			return fb.qualifiedText(gentestPackage, g), nil
		}
	}
	return "", fmt.Errorf("no generator for %s", t)
}
