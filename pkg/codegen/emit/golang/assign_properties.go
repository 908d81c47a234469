package golang

import (
	"fmt"
	"strconv"
	"unicode"

	"github.com/armgen/armgen/pkg/astmodel"
)

// Packages conversion code uses.
var (
	fmtPackage        = astmodel.MakeExternalPackage("fmt", "fmt")
	slicesPackage     = astmodel.MakeExternalPackage("slices", "slices")
	mapsPackage       = astmodel.MakeExternalPackage("maps", "maps")
	conversionPackage = astmodel.MakeExternalPackage("sigs.k8s.io/controller-runtime/pkg/conversion", "conversion")
)

// Names used inside conversion methods. Local variables are named after properties plus a
// suffix (skuValue, tagsMap), so none can be a keyword, a package name or one of these.
const (
	sourceParam      = "source"
	destinationParam = "destination"
	hubParam         = "hub"
	bagVar           = "propertyBag"
)

// assignmentText writes the AssignProperties methods planned for a type.
//
// Like the ARM conversions (see armConversionText), they are a large family of mechanical code,
// written as text; TestAssignmentTextMatchesTrees holds them to what the syntax trees they
// replaced printed.
func (fb *fileBuilder) assignmentText(w *goText, self string) error {
	for _, a := range fb.conv.Of(fb.pkg.TypeName(self)) {
		if err := fb.assignMethod(w, a, true); err != nil {
			return fmt.Errorf("%s: %w", a.FromMethod, err)
		}
		if err := fb.assignMethod(w, a, false); err != nil {
			return fmt.Errorf("%s: %w", a.ToMethod, err)
		}
	}
	return nil
}

// assignMethod writes Self.AssignProperties_From_X(source *X) (fromOther) or
// Self.AssignProperties_To_X(destination *X).
func (fb *fileBuilder) assignMethod(w *goText, a *astmodel.PropertyAssignment, fromOther bool) error {
	self := a.Self.Name
	recv := receiverName(self)
	other := fb.qualifiedText(a.Other.Package, a.Other.Name)

	var src, dstRoot string
	var name, param, doc string
	var srcBag, dstBag string
	if fromOther {
		name, param = a.FromMethod, sourceParam
		src, dstRoot = sourceParam, recv
		srcBag, dstBag = a.OtherBag, a.SelfBag
		doc = fmt.Sprintf("%s populates the receiver from source, a %s.", name, a.Other)
	} else {
		name, param = a.ToMethod, destinationParam
		src, dstRoot = recv, destinationParam
		srcBag, dstBag = a.SelfBag, a.OtherBag
		doc = fmt.Sprintf("%s populates destination, a %s, from the receiver.", name, a.Other)
	}

	w.decl(doc)
	w.open("func (%s *%s) %s(%s *%s) error", recv, self, name, param, other)
	c := &converter{fb: fb, w: w}
	// The body's first statement opens it: no blank line above it; later ones that stand apart
	// have one.
	body := w.buf.Len()
	blank := func() {
		if w.buf.Len() > body {
			w.buf.WriteByte('\n')
		}
	}
	if a.Resource {
		w.lineOf(dstRoot, ".ObjectMeta = *", src, ".ObjectMeta.DeepCopy()")
	}
	useBag := dstBag != "" && srcBag != ""
	if useBag {
		w.lineOf(bagVar, " := ", fb.qualifiedText(astmodel.GenRuntimePackage, "NewPropertyBag"), "(", src, ".", srcBag, ")")
	}
	prevBlock := true
	for _, step := range a.Steps {
		srcProp, dstProp, vc := step.Other, step.Self, step.From
		if !fromOther {
			srcProp, dstProp, vc = step.Self, step.Other, step.To
		}
		if vc == nil && !useBag {
			return fmt.Errorf("%s: %s has no counterpart and there is no property bag to keep it", step.Name(), step.Name())
		}
		if vc == nil && dstProp == nil && srcProp == nil {
			continue
		}
		// A plain assignment speaks for itself; a block, a rename or a trip through the bag
		// stands apart, the latter two with a word of explanation.
		var comment string
		switch {
		case vc == nil && dstProp != nil && srcProp != nil:
			comment = fmt.Sprintf("// %s: the types differ, so each side's value waits in the property bag of the other", step.Name())
		case vc == nil && dstProp != nil:
			comment = fmt.Sprintf("// %s: the source has no such property; its value may wait in the property bag", dstProp.Name)
		case vc == nil:
			comment = fmt.Sprintf("// %s: the destination has no such property; the value waits in the property bag", srcProp.Name)
		case step.Self.Name != step.Other.Name:
			comment = fmt.Sprintf("// %s is called %s in %s", step.Self.Name, step.Other.Name, a.Other.Package.Version)
		}
		// The bag's statements are always more than one plain assignment.
		block := vc == nil || !simpleConversion(vc)
		if comment != "" || block || prevBlock {
			blank()
		}
		if comment != "" {
			w.lineOf(comment)
		}
		prevBlock = block || comment != ""
		if vc != nil {
			c.what = step.Name()
			if err := c.convert(vc, src+"."+srcProp.Name, dstRoot+"."+dstProp.Name, localBase(dstProp.Name)); err != nil {
				return fmt.Errorf("%s: %w", step.Name(), err)
			}
			continue
		}
		if dstProp != nil {
			c.pull(dstProp, dstRoot+"."+dstProp.Name)
		}
		if srcProp != nil {
			c.add(srcProp, src+"."+srcProp.Name)
		}
	}
	if a.Resource && !fromOther && a.OriginalVersion != "" {
		blank()
		w.lineOf("// The operator talks to Azure with the api-version of the version the user wrote.")
		w.lineOf(dstRoot, ".Spec.", astmodel.OriginalVersionName, " = ", strconv.Quote(a.OriginalVersion))
	}
	if dstBag != "" {
		target := dstRoot + "." + dstBag
		blank()
		if useBag {
			w.lineOf("// What has no field of its own stays in the property bag.")
			w.openOf("if len(", bagVar, ") > 0")
			w.lineOf(target, " = ", bagVar)
			w.depth--
			w.lineOf("} else {")
			w.depth++
			w.lineOf(target, " = nil")
			w.close()
		} else {
			w.lineOf("// The source has no property bag, and every property found a field.")
			w.lineOf(target, " = nil")
		}
	}
	blank()
	w.lineOf("return nil")
	w.close()
	return nil
}

// localBase is the stem of the local variables that convert a property: its name with a lower
// case initial (Sku -> sku).
func localBase(prop string) string {
	r := []rune(prop)
	r[0] = unicode.ToLower(r[0])
	return string(r)
}
