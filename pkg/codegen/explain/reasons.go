package explain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
)

// reasons explains, from what the pipeline recorded on the property and its type, why it looks
// the way it does.
func (e *Explanation) reasons() []string {
	p := e.Property
	spec := e.Path[0] == "spec"
	top := len(e.Path) == 2
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }

	if top && p.ARMName == "" { // ours, not a swagger property that had the name first
		switch p.JSONName {
		case "azureName":
			add("added to every spec (add-resource-properties): the resource's name in Azure, from the PUT path's name parameter with its validations; when empty, metadata.name is used")
		case "owner":
			add("added to every owned resource (add-resource-properties): the owner comes from the ARM path; %s", e.ownerText())
		case "operatorSpec":
			add("added to every spec (add-resource-properties): settings for the operator itself, never sent to Azure")
		case "conditions":
			add("added to every status (add-resource-properties): the Ready condition and others the operator reports")
		}
	}
	if len(p.FlattenedFrom) > 0 {
		back := "ConvertToARM nests it again"
		if !spec {
			back = "PopulateFromARM reads it from there"
		}
		add("lifted out of %q into the %s (the envelope is marked x-ms-client-flatten, or $flatten: true, and split-spec-status lifts it as Azure Service Operator does); %s", strings.Join(p.FlattenedFrom, "."), e.Path[0], back)
	}
	if clash := p.Provenance.NotFlattened; len(clash) > 0 {
		add("not flattened although x-ms-client-flatten asks for it: lifting its properties would clash with %s beside it, so it stays nested", strings.Join(clash, ", "))
	}
	if u, ok := astmodel.Unwrap(p.Type).(astmodel.TypeName); ok && len(p.Provenance.NotFlattened) == 0 {
		if _, isObject := e.defs[u].Type.(*astmodel.ObjectType); isObject && p.ARMName == "properties" && !p.Flatten {
			why := "the swagger does not mark it x-ms-client-flatten"
			if p.Provenance.Flatten == astmodel.ByConfig {
				why = "$flatten: false in " + e.cfg.File
			}
			add("stays nested (%s), as Azure Service Operator keeps it: write spec.properties.<name>", why)
		}
	}
	setting := e.propertySetting(p)
	settingPath := func(name string) string {
		if setting != nil {
			return setting.Path + "." + name
		}
		return name + " in " + e.cfg.File
	}
	switch u := astmodel.Unwrap(p.Type); {
	case u == astmodel.SecretReferenceType:
		why := map[astmodel.Reason]string{
			astmodel.BySwagger: "marked x-ms-secret in the swagger",
			astmodel.ByName:    "its name is password-like (it ends in password or secret), which specs often forget to mark x-ms-secret",
			astmodel.ByConfig:  "marked secret by " + settingPath("$isSecret"),
		}[p.Provenance.Secret]
		add("a secret (%s): the spec takes a reference to a key of a Kubernetes Secret instead of the value, and the status leaves it out", why)
	case u == astmodel.SecretMapReferenceType:
		why := map[astmodel.Reason]string{
			astmodel.BySwagger: "a map marked x-ms-secret in the swagger",
			astmodel.ByConfig:  "a map marked secret by " + settingPath("$isSecret"),
		}[p.Provenance.Secret]
		add("a map of secrets (%s): the spec names a Kubernetes Secret whose keys and values become the map, and the status leaves it out", why)
	case u == astmodel.ResourceReferenceType || isArrayOf(p.Type, astmodel.ResourceReferenceType):
		why := map[astmodel.Reason]string{
			astmodel.BySwagger:   "the swagger declares format: arm-id",
			astmodel.ByName:      "a writable \"id\", which ARM uses to refer to another resource",
			astmodel.ByConfig:    settingPath("$referenceType") + " is arm",
			astmodel.ByEmbedding: "it is the ID of a resource embedded here",
		}[p.Provenance.Reference]
		add("holds the ARM ID of another resource (%s): the spec takes a reference, by Kubernetes group, kind and name or by armId, and %q is renamed %q", why, p.ARMName, p.JSONName)
	case u == astmodel.WellKnownReferenceType || isArrayOf(p.Type, astmodel.WellKnownReferenceType):
		add("holds the ARM ID of another resource, or a name Azure knows it by (%s is arm+wellknown): the spec takes a reference, by Kubernetes group, kind and name, by armId or by wellKnownName, and %q is renamed %q", settingPath("$referenceType"), p.ARMName, p.JSONName)
	case u == astmodel.ConfigMapReferenceType && p.FromConfigOf != "":
		exactly := "at most one of the two may be set"
		if p.PairRequired {
			exactly = "exactly one of the two must be set, as the swagger requires " + p.ARMName
		}
		add("the value may come from a key of a Kubernetes ConfigMap instead of %s (%s: optional): sent as %q on the wire; %s, a CEL rule of the CRD checks it",
			strings.TrimSuffix(p.JSONName, astmodel.FromConfigSuffix), settingPath("$importConfigMapMode"), p.ARMName, exactly)
	case u == astmodel.ConfigMapReferenceType:
		add("the value comes from a key of a Kubernetes ConfigMap (%s: required), sent as %q on the wire", settingPath("$importConfigMapMode"), p.ARMName)
	case p.ARMName != "" && p.JSONName != p.ARMName:
		why := "by the generator's naming rules"
		switch p.Provenance.Renamed {
		case astmodel.ByConfig:
			why = "by " + settingPath("$renameTo")
		case astmodel.ByClash:
			why = "by the generator: its own name would have met " + p.Provenance.ClashedWith + "; $renameTo in azure-arm.yaml chooses another"
		case astmodel.ByFlattening:
			why = "because a property of that name stands beside the envelope it was lifted out of (named after the envelope, as Azure Service Operator does); on the wire it is still " + strings.Join(append(slices.Clone(p.FlattenedFrom), p.ARMName), ".")
		}
		add("renamed from %q %s", p.ARMName, why)
	}
	if p.Provenance.Renamed == astmodel.ByClash && p.JSONName == p.ARMName {
		add("its Go field is %s: %s", p.Name, p.Provenance.ClashedWith)
	}
	if p.ImportConfigMap == "optional" {
		add("may instead come from a ConfigMap, through %s%s", p.JSONName, astmodel.FromConfigSuffix)
	}
	if setting != nil && setting.ReferenceType == "simple" {
		add("kept a plain string by %s.$referenceType: simple, although it looks like an ARM ID", setting.Path)
	}
	el := elementName(p.Type)
	if n, ok := el.(astmodel.TypeName); ok {
		origin := e.defs[n].Origin
		switch origin.Derivation {
		case astmodel.Embedded:
			add("%s is a resource of its own embedded here; only its ID is kept (manage it through its own Kubernetes resource)", n.Name)
		case astmodel.Unrolled:
			add("%s is recursive, which CRD schemas cannot express; break-cycles replaced the recursion by a copy without the recursive properties", origin.From.Name)
		case astmodel.KeyedList:
			add("a list of references in Kubernetes (name each identity by its Kubernetes name or armId), a map keyed by the ARM IDs they resolve to on the wire, as Azure Service Operator does")
		case astmodel.Renamed:
			add("type %s is named by %s (its swagger name is %s)", n.Name, e.typeRenameSetting(origin.From), origin.From.Name)
		}
		if d, ok := e.defs[n]; ok {
			switch t := d.Type.(type) {
			case *astmodel.ObjectType:
				switch {
				case t.OnlyVariants():
					add("%s is a discriminated union (polymorphic in the swagger, discriminator %q): set exactly one of its properties", n.Name, t.Discriminator)
				case t.OneOf:
					var names []string
					for _, v := range t.Variants() {
						names = append(names, v.JSONName)
					}
					add("%s is a discriminated union (polymorphic in the swagger, discriminator %q): set exactly one of %s", n.Name, t.Discriminator, strings.Join(names, ", "))
				}
			case astmodel.EnumType:
				vals := make([]string, len(t.Values))
				for i, v := range t.Values {
					vals[i] = v.Value
				}
				add("an enum (x-ms-enum or enum in the swagger); the CRD accepts only %s", strings.Join(vals, ", "))
				var extra []string
				for _, v := range t.Values {
					if v.OperatorOnly {
						extra = append(extra, v.Value)
					}
				}
				if len(extra) > 0 {
					add("%s: not the swagger's but added by $additionalEnumValues; the operator acts on them and sends Azure one of its own values instead", strings.Join(extra, ", "))
				}
			}
			if d.Source != "" && d.Source != p.Source {
				add("%s comes from %s", n.Name, d.Source)
			}
		}
	}
	switch astmodel.Unwrap(p.Type).(type) {
	case astmodel.MapType:
		add("a map: the swagger declares additionalProperties")
	}
	if p.Provenance.JSON == astmodel.ByCycleDepth {
		add("arbitrary JSON, sent to Azure as written: it leads back into a recursive type whose unrolled copy would make the CRD too large (break-cycles, rule %s); the typed shape is the one above it", astmodel.ByCycleDepth)
	} else if astmodel.Unwrap(p.Type) == astmodel.JSONType {
		add("free-form JSON: the swagger gives no usable schema (an object without properties, or any type)")
	}
	if v := Validations(e.defs, p.Type); len(v) > 0 {
		if _, isEnum := enumOf(e.defs, p.Type); isEnum {
			v = v[:len(v)-1] // the values are named above
		}
		if len(v) > 0 {
			add("validations from the swagger, enforced by the CRD schema: %s", strings.Join(v, "; "))
		}
	}
	if spec && p.Required {
		add("required: the swagger lists it as required in the PUT body")
	}
	if !spec {
		add("status properties are all optional and their types carry the _STATUS suffix: they report what Azure returned")
		if p.ReadOnly {
			add("read-only in the swagger, so it appears in the status only")
		}
	}
	if len(out) == 0 {
		add("translated as the swagger declares it; nothing changed its name or type")
	}
	return out
}

func isArrayOf(t, el astmodel.Type) bool {
	a, ok := astmodel.Unwrap(t).(astmodel.ArrayType)
	return ok && astmodel.Unwrap(a.Element) == el
}
