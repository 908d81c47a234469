package explain

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
)

// Write renders the explanation as text.
func (e *Explanation) Write(w io.Writer) error {
	var b strings.Builder
	if e.Property != nil {
		e.writeProperty(&b)
	} else {
		e.writeResource(&b)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func (e *Explanation) title() string {
	return e.Name.Package.FullGroup() + "/" + e.Name.Package.Version + " " + e.Name.Name
}

func (e *Explanation) writeResource(b *strings.Builder) {
	r := e.Resource
	fmt.Fprintf(b, "%s\n\n", e.title())
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "  ARM type\t%s, api-version %s, %s scope\n", r.ARMType, r.APIVersion, r.Scope)
	fmt.Fprintf(tw, "  owner\t%s\n", e.ownerText())
	fmt.Fprintf(tw, "  swagger\t%s\n", r.SourceFile)
	fmt.Fprintf(tw, "  PUT path\t%s\n", r.ARMURI)
	fmt.Fprintf(tw, "  spec from\t%s (the PUT body: writable properties, \"properties\" flattened)\n", e.source(r.Spec))
	fmt.Fprintf(tw, "  status from\t%s (the GET response: every property, all optional)\n", e.source(r.Status))
	if r.IsStorageVersion {
		fmt.Fprintf(tw, "  stored\tthe API server stores %s in this version (the hub the others convert to)\n", e.Name.Name)
	}
	if r.FixedAzureName != "" {
		fmt.Fprintf(tw, "  Azure name\talways %q (a singleton), so the spec has no azureName\n", r.FixedAzureName)
	}
	tw.Flush()
	b.WriteString("\nconfig (azure-arm.yaml):\n")
	settings := e.settings()
	if len(settings) == 0 {
		b.WriteString("  no entry exports this resource (an --all run, or a config edited since)\n")
	}
	for _, s := range settings {
		fmt.Fprintf(b, "  %s\n", s)
	}
	for _, part := range []struct {
		title string
		name  astmodel.TypeName
		spec  bool
	}{{"spec", r.Spec, true}, {"status", r.Status, false}} {
		fmt.Fprintf(b, "\n%s (%s):\n", part.title, part.name.Name)
		obj, ok := e.defs.ResolveObject(part.name)
		if !ok {
			continue
		}
		tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
		if part.spec {
			fmt.Fprintln(tw, "  PROPERTY\tTYPE\tREQUIRED\tNOTES")
		} else {
			fmt.Fprintln(tw, "  PROPERTY\tTYPE\tNOTES")
		}
		for _, p := range obj.Properties() {
			notes := strings.Join(e.notes(p), "; ")
			if part.spec {
				fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", p.JSONName, TypeString(p.Type), yesOrBlank(p.Required), notes)
			} else {
				fmt.Fprintf(tw, "  %s\t%s\t%s\n", p.JSONName, TypeString(p.Type), notes)
			}
		}
		tw.Flush()
	}
	fmt.Fprintf(b, "\nFor one property: gen explain %s/%s/%s.spec.<property>\n", e.Name.Package.Group, e.Name.Package.Version, e.Name.Name)
}

// notes are the short remarks of the property table.
func (e *Explanation) notes(p *astmodel.Property) []string {
	var out []string
	switch astmodel.Unwrap(p.Type) {
	case astmodel.SecretReferenceType:
		out = append(out, "secret")
	case astmodel.ResourceReferenceType:
		out = append(out, "reference to "+p.ARMName)
	}
	if len(p.FlattenedFrom) > 0 {
		out = append(out, "from "+strings.Join(p.FlattenedFrom, ".")+"."+p.ARMName)
	}
	return append(out, Validations(e.defs, p.Type)...)
}

func (e *Explanation) writeProperty(b *strings.Builder) {
	p := e.Property
	spec := e.Path[0] == "spec"
	fmt.Fprintf(b, "%s %s\n\n", e.title(), strings.Join(e.Path, "."))
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "  type\t%s\n", TypeString(p.Type))
	fmt.Fprintf(tw, "  Go field\t%s.%s (json %q)\n", e.Holder.Name, p.Name, p.JSONName)
	if p.ARMName != "" {
		wire := p.ARMName
		if len(p.FlattenedFrom) > 0 {
			wire = strings.Join(p.FlattenedFrom, ".") + "." + p.ARMName
		}
		fmt.Fprintf(tw, "  on the wire\t%s\n", wire)
	}
	if spec {
		fmt.Fprintf(tw, "  required\t%s\n", yesNo(p.Required))
	}
	if v := Validations(e.defs, p.Type); len(v) > 0 {
		fmt.Fprintf(tw, "  validations\t%s\n", strings.Join(v, "; "))
	}
	if p.Source != "" {
		fmt.Fprintf(tw, "  from\t%s\n", p.Source)
	}
	if d := Summary(p.Description, 0); d != "" {
		fmt.Fprintf(tw, "  description\t%s\n", d)
	}
	tw.Flush()
	b.WriteString("\nwhy it has this shape:\n")
	for _, r := range e.reasons() {
		fmt.Fprintf(b, "  - %s\n", r)
	}
	if obj, ok := e.defs.ResolveObject(elementName(p.Type)); ok && len(obj.Properties()) > 0 {
		fmt.Fprintf(b, "\n%s has:\n", TypeString(elementName(p.Type)))
		tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
		for _, q := range obj.Properties() {
			fmt.Fprintf(tw, "  %s\t%s\t%s\n", q.JSONName, TypeString(q.Type), strings.Join(e.notes(q), "; "))
		}
		tw.Flush()
	}
}

// reasons explains, from what the pipeline recorded on the property and its type, why it looks
// the way it does.
func (e *Explanation) reasons() []string {
	p := e.Property
	spec := e.Path[0] == "spec"
	top := len(e.Path) == 2
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }

	if top {
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
		add("lifted out of %q into the %s (split-spec-status flattens the ARM envelope, as Azure Service Operator does); %s", strings.Join(p.FlattenedFrom, "."), e.Path[0], back)
	}
	if clash := p.Provenance.NotFlattened; len(clash) > 0 {
		add("not flattened although the swagger asks for it (x-ms-client-flatten or the \"properties\" envelope): lifting its properties would clash with %s beside it, so it stays nested", strings.Join(clash, ", "))
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
	case u == astmodel.ResourceReferenceType || isArrayOf(p.Type, astmodel.ResourceReferenceType):
		why := map[astmodel.Reason]string{
			astmodel.BySwagger:   "the swagger declares format: arm-id",
			astmodel.ByName:      "a writable \"id\", which ARM uses to refer to another resource",
			astmodel.ByConfig:    settingPath("$referenceType") + " is arm",
			astmodel.ByEmbedding: "it is the ID of a resource embedded here",
		}[p.Provenance.Reference]
		add("holds the ARM ID of another resource (%s): the spec takes a reference, by Kubernetes group, kind and name or by armId, and %q is renamed %q", why, p.ARMName, p.JSONName)
	case p.ARMName != "" && p.JSONName != p.ARMName:
		why := "by the generator's naming rules"
		if p.Provenance.Renamed == astmodel.ByConfig {
			why = "by " + settingPath("$renameTo")
		}
		add("renamed from %q %s", p.ARMName, why)
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
		case astmodel.Renamed:
			add("type %s is named by %s (its swagger name is %s)", n.Name, e.typeRenameSetting(origin.From), origin.From.Name)
		}
		if d, ok := e.defs[n]; ok {
			switch t := d.Type.(type) {
			case *astmodel.ObjectType:
				if t.OneOf {
					add("%s is a discriminated union (polymorphic in the swagger, discriminator %q): set exactly one of its properties", n.Name, t.Discriminator)
				}
			case astmodel.EnumType:
				vals := make([]string, len(t.Values))
				for i, v := range t.Values {
					vals[i] = v.Value
				}
				add("an enum (x-ms-enum or enum in the swagger); the CRD accepts only %s", strings.Join(vals, ", "))
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
	if astmodel.Unwrap(p.Type) == astmodel.JSONType {
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

// propertySetting is the config entry for a top-level property of the resource, when there is one.
func (e *Explanation) propertySetting(p *astmodel.Property) *config.PropertyConfig {
	if e.Type == nil || len(e.Path) != 2 {
		return nil
	}
	return e.Type.Property(p.ARMName)
}

// typeRenameSetting names the $renameTo setting that renamed the type whose swagger name is
// from, as the config spells its path.
func (e *Explanation) typeRenameSetting(from astmodel.TypeName) string {
	if v := e.cfg.Group(from.Package.Group).Version(e.Resource.APIVersion); v != nil {
		if tc := v.Type(from.Name); tc != nil {
			return tc.Path + ".$renameTo"
		}
	}
	return "$renameTo in " + e.cfg.File
}

func (e *Explanation) ownerText() string {
	r := e.Resource
	switch {
	case r.OwnerKind != "":
		return fmt.Sprintf("a %s/%s, named in spec.owner", r.OwnerGroup, r.OwnerKind)
	case r.Scope == astmodel.ScopeExtension:
		return "any resource (an extension resource), named in spec.owner"
	}
	return "none (a " + string(r.Scope) + " resource)"
}

func (e *Explanation) source(n astmodel.TypeName) string {
	if d, ok := e.defs[n]; ok && d.Source != "" {
		return d.Source
	}
	return "(not recorded)"
}

// settings lists the settings of the resource's config entry and the type renames of its
// version that reach it, with their values and lines.
func (e *Explanation) settings() []string {
	if e.Type == nil {
		return nil
	}
	tc := e.Type
	out := []string{fmt.Sprintf("%s (%s:%d)", tc.Path, e.cfg.File, tc.Pos.Line)}
	for _, s := range e.cfg.Settings() {
		rel, ok := strings.CutPrefix(s.Path, tc.Path+".")
		if !ok {
			continue
		}
		out = append(out, fmt.Sprintf("  %s: %s (line %d)", rel, e.settingValue(rel), s.Pos.Line))
	}
	reach := astmodel.Reachable(e.defs, []astmodel.TypeName{e.Name})
	if v := e.cfg.Group(e.Name.Package.Group).Version(e.Resource.APIVersion); v != nil {
		for _, other := range v.Types {
			if other.RenameTo == "" || other.Exported() {
				continue
			}
			n := e.Name.Package.TypeName(other.RenameTo)
			if reach[n] || reach[n.WithName(n.Name+astmodel.StatusSuffix)] {
				out = append(out, fmt.Sprintf("%s.$renameTo: %s (line %d) renames a type this resource uses", other.Path, other.RenameTo, other.Pos.Line))
			}
		}
	}
	return out
}

// settingValue shows the value of a setting below the resource's config entry (rel is
// "$export" or "property.$isSecret").
func (e *Explanation) settingValue(rel string) string {
	tc := e.Type
	prop, name, nested := strings.Cut(rel, ".")
	if !nested {
		name = prop
		switch name {
		case "$export":
			return strconv.FormatBool(tc.Export)
		case "$exportAs":
			return tc.ExportAs
		case "$renameTo":
			return tc.RenameTo
		case "$isHub":
			return strconv.FormatBool(tc.IsHub)
		case "$azureGeneratedSecrets":
			return "[" + strings.Join(tc.AzureGeneratedSecrets, ", ") + "]"
		}
		return "?"
	}
	pc := tc.Property(prop)
	if pc == nil {
		return "?"
	}
	switch name {
	case "$isSecret":
		return strconv.FormatBool(pc.IsSecret)
	case "$referenceType":
		return pc.ReferenceType
	case "$renameTo":
		return pc.RenameTo
	}
	return "?"
}

func yesOrBlank(b bool) string {
	if b {
		return "yes"
	}
	return ""
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
