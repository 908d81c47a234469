package explain

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/armgen/armgen/pkg/astmodel"
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
		fmt.Fprintf(tw, "  stored\tthe API server stores %s in this version (the version its CRD stores and the operator reconciles)\n", e.Name.Name)
	}
	if r.FixedAzureName != "" {
		fmt.Fprintf(tw, "  Azure name\talways %q (a singleton), so the spec has no azureName\n", r.FixedAzureName)
	}
	if r.DefaultAzureName == astmodel.DefaultAzureNameUUID {
		fmt.Fprintf(tw, "  Azure name\tdefaults to a UUIDv5 of the name, namespace, kind and owner (as Azure Service Operator names it), not metadata.name\n")
	}
	tw.Flush()
	writeExports(b, r)
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

// writeExports lists what spec.operatorSpec can export and where the operator reads each value,
// so that a contributor who adds $azureGeneratedSecrets sees which action the generator found.
func writeExports(b *strings.Builder, r *astmodel.ResourceType) {
	if len(r.AzureGeneratedSecrets) == 0 && len(r.GeneratedConfigs) == 0 {
		return
	}
	b.WriteString("\nexports (spec.operatorSpec):\n")
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	for _, part := range []struct {
		field  string
		values []astmodel.ExportedValue
	}{{"secrets", r.AzureGeneratedSecrets}, {"configMaps", r.GeneratedConfigs}} {
		for _, v := range part.values {
			from := "the GET response"
			if v.Action != "" {
				from = "POST " + v.Action
			}
			path := v.Path
			if v.Bytes {
				path += " (base64 bytes: the Secret holds them decoded)"
			}
			fmt.Fprintf(tw, "  %s.%s\t%s\t%s\n", part.field, v.Name, from, path)
		}
	}
	tw.Flush()
}

// notes are the short remarks of the property table.
func (e *Explanation) notes(p *astmodel.Property) []string {
	var out []string
	switch astmodel.Unwrap(p.Type) {
	case astmodel.SecretReferenceType:
		out = append(out, "secret")
	case astmodel.SecretMapReferenceType:
		out = append(out, "secret map")
	case astmodel.ResourceReferenceType:
		out = append(out, "reference to "+p.ARMName)
	case astmodel.WellKnownReferenceType:
		out = append(out, "reference (or well-known name) to "+p.ARMName)
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
