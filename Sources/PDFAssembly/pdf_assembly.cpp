#define POINTERHOLDER_TRANSITION 4
#include "pdf_assembly.h"

#include <qpdf/Pipeline.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFOutlineDocumentHelper.hh>
#include <qpdf/QPDFOutlineObjectHelper.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/QPDFWriter.hh>

#include <cstdlib>
#include <cstring>
#include <cstdio>
#include <map>
#include <set>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace {

/* Where each source page went: (source, its object) to the output page (its first copy). */
using PageMap = std::map<std::pair<int, QPDFObjGen>, QPDFObjectHandle>;

/* An outline entry kept: its title, the output page it goes to, whether it is unfolded. */
struct Entry {
    std::string title;
    QPDFObjectHandle page;
    bool open = false;
    std::vector<Entry> kids;
};

/* The most outline entries read per source, and how deep (a file's outline is not trusted). */
const int kMostEntries = 10000;
const int kDeepest = 32;

/* The entries of `items` (a source's outline) whose pages are in the output; an entry whose
 * page is not gives its entries to its parent. */
void keepEntries(std::vector<QPDFOutlineObjectHelper> items, int source, PageMap const &pages, int depth, int &budget,
                 std::vector<Entry> &into) {
    for (auto &item : items) {
        if (budget-- <= 0) return;
        std::vector<Entry> kids;
        if (depth < kDeepest) keepEntries(item.getKids(), source, pages, depth + 1, budget, kids);
        QPDFObjectHandle page = item.getDestPage();
        auto found = page.isDictionary() ? pages.find({source, page.getObjGen()}) : pages.end();
        if (found == pages.end()) {
            for (auto &kid : kids) into.push_back(std::move(kid));
            continue;
        }
        Entry entry;
        entry.title = item.getTitle();
        entry.page = found->second;
        entry.open = item.getCount() > 0;
        entry.kids = std::move(kids);
        into.push_back(std::move(entry));
    }
}

/* Writes `entries` under `parent` (an outline dictionary); returns how many show when it is
 * open (the entries, and those of the open ones). */
int writeEntries(QPDF &out, QPDFObjectHandle parent, std::vector<Entry> const &entries) {
    QPDFObjectHandle previous;
    int shown = 0;
    for (auto const &entry : entries) {
        QPDFObjectHandle item = out.makeIndirectObject(QPDFObjectHandle::newDictionary());
        item.replaceKey("/Title", QPDFObjectHandle::newUnicodeString(entry.title));
        item.replaceKey("/Parent", parent);
        QPDFObjectHandle dest = QPDFObjectHandle::newArray();
        dest.appendItem(entry.page);
        dest.appendItem(QPDFObjectHandle::newName("/XYZ"));
        dest.appendItem(QPDFObjectHandle::newNull());
        dest.appendItem(QPDFObjectHandle::newNull());
        dest.appendItem(QPDFObjectHandle::newNull());
        item.replaceKey("/Dest", dest);
        if (previous.isInitialized()) {
            previous.replaceKey("/Next", item);
            item.replaceKey("/Prev", previous);
        } else {
            parent.replaceKey("/First", item);
        }
        parent.replaceKey("/Last", item);
        int below = writeEntries(out, item, entry.kids);
        if (!entry.kids.empty()) item.replaceKey("/Count", QPDFObjectHandle::newInteger(entry.open ? below : -static_cast<int>(entry.kids.size())));
        shown += 1 + (entry.open ? below : 0);
        previous = item;
    }
    return shown;
}

/* The page a link's destination names (a page of its own file), or an uninitialized handle. */
QPDFObjectHandle destinationPage(QPDFObjectHandle dest, QPDFOutlineDocumentHelper &outlines) {
    if (dest.isName() || dest.isString()) dest = outlines.resolveNamedDest(dest);
    if (dest.isDictionary() && dest.hasKey("/D")) dest = dest.getKey("/D");
    if (dest.isArray() && dest.getArrayNItems() > 0 && dest.getArrayItem(0).isDictionary()) return dest.getArrayItem(0);
    return QPDFObjectHandle();
}

/* The link annotations of the output page `copy` (of source page `original`) sent to the
 * pages where their targets went; those whose target is not in the output go. */
void followLinks(QPDFObjectHandle copy, QPDFObjectHandle original, int source, PageMap const &pages, QPDFOutlineDocumentHelper &outlines) {
    QPDFObjectHandle before = original.getKey("/Annots"), after = copy.getKey("/Annots");
    if (!before.isArray() || !after.isArray() || before.getArrayNItems() != after.getArrayNItems()) return;
    QPDFObjectHandle kept = QPDFObjectHandle::newArray();
    for (int i = 0; i < before.getArrayNItems(); i++) {
        QPDFObjectHandle a = before.getArrayItem(i), b = after.getArrayItem(i);
        bool link = a.isDictionary() && a.getKey("/Subtype").isNameAndEquals("/Link");
        QPDFObjectHandle dest;
        if (link && a.hasKey("/Dest")) {
            dest = a.getKey("/Dest");
        } else if (link && a.getKey("/A").isDictionary() && a.getKey("/A").getKey("/S").isNameAndEquals("/GoTo")) {
            dest = a.getKey("/A").getKey("/D");
        }
        if (!dest.isInitialized() || !b.isDictionary()) {
            kept.appendItem(b);
            continue;
        }
        QPDFObjectHandle target = destinationPage(dest, outlines);
        auto found = target.isInitialized() ? pages.find({source, target.getObjGen()}) : pages.end();
        if (found == pages.end()) continue;
        QPDFObjectHandle explicitDest = QPDFObjectHandle::newArray();
        explicitDest.appendItem(found->second);
        explicitDest.appendItem(QPDFObjectHandle::newName("/Fit"));
        b.removeKey("/A");
        b.replaceKey("/Dest", explicitDest);
        kept.appendItem(b);
    }
    copy.replaceKey("/Annots", kept);
}

/* Puts forms on output pages over their content, each page's own content kept in its own
 * graphics state. The streams that do it are shared by every page they fit (one "q", one
 * placing per box): the pages of a notebook are mostly of one size. */
class Placer {
  public:
    /* `pages`: every output page, to know which resource dictionaries more than one uses. */
    Placer(QPDF &out, std::vector<QPDFPageObjectHelper> const &pages) : out_(out) {
        for (auto page : pages) {
            QPDFObjectHandle resources = page.getObjectHandle().getKey("/Resources");
            if (resources.isIndirect()) uses_[resources.getObjGen()]++;
            QPDFObjectHandle forms = resources.isDictionary() ? resources.getKey("/XObject") : QPDFObjectHandle();
            if (forms.isInitialized() && forms.isIndirect()) uses_[forms.getObjGen()]++;
        }
    }

    /* `index`: the page's place in the notebook, in the form's name (names of one length,
     * in the pages' order). */
    void place(QPDFPageObjectHelper page, QPDFObjectHandle form, int index) {
        // The page's own resources take the form; resources another page uses too are copied
        // for this page first (their entries shared), and so is a list of forms other pages
        // use too: each page names its own ink and no other.
        QPDFObjectHandle resources = page.getObjectHandle().getKey("/Resources");
        if (resources.isDictionary() && resources.isIndirect() && uses_[resources.getObjGen()] > 1) {
            resources = resources.shallowCopy();
            page.getObjectHandle().replaceKey("/Resources", resources);
        }
        if (!resources.isDictionary()) {
            resources = QPDFObjectHandle::newDictionary();
            page.getObjectHandle().replaceKey("/Resources", resources);
        }
        QPDFObjectHandle forms = resources.getKey("/XObject");
        if (!forms.isDictionary()) {
            forms = QPDFObjectHandle::newDictionary();
            resources.replaceKey("/XObject", forms);
        } else if (forms.isIndirect() && uses_[forms.getObjGen()] > 1) {
            forms = forms.shallowCopy();
            resources.replaceKey("/XObject", forms);
        }
        char digits[16];
        std::snprintf(digits, sizeof digits, "%06d", index);
        std::string name = std::string("/DrawingBoard") + digits;
        for (int k = 1; forms.hasKey(name); k++) name = std::string("/DrawingBoard") + digits + "_" + std::to_string(k);
        forms.replaceKey(name, form);
        std::string placed = "\nQ\n" + page.placeFormXObject(form, name, page.getTrimBox().getArrayAsRectangle(), true, true, true);
        if (!open_.isInitialized()) open_ = QPDFObjectHandle::newStream(&out_, "q\n");
        auto known = closing_.find(placed);
        if (known == closing_.end()) known = closing_.emplace(placed, QPDFObjectHandle::newStream(&out_, placed)).first;
        page.addPageContents(open_, true);
        page.addPageContents(known->second, false);
    }

  private:
    QPDF &out_;
    std::map<QPDFObjGen, int> uses_;
    QPDFObjectHandle open_;
    std::map<std::string, QPDFObjectHandle> closing_;
};

/* The form XObject of a drawn page (Cairo's, one deflated content stream): that stream copied
 * as it is (its bytes read from the drawn PDF only as the file is written, and not inflated),
 * given the page's box and resources. Not a group of its own: a highlighter's multiply reaches
 * the page under it. */
QPDFObjectHandle drawnForm(QPDF &out, QPDFPageObjectHelper drawn) {
    QPDFObjectHandle contents = drawn.getObjectHandle().getKey("/Contents");
    if (contents.isArray() && contents.getArrayNItems() == 1) contents = contents.getArrayItem(0);
    if (!contents.isStream()) {
        QPDFObjectHandle form = out.copyForeignObject(drawn.getFormXObjectForPage());
        form.getDict().removeKey("/Group");
        return form;
    }
    QPDFObjectHandle form = out.copyForeignObject(contents);
    QPDFObjectHandle dict = form.getDict();
    dict.replaceKey("/Type", QPDFObjectHandle::newName("/XObject"));
    dict.replaceKey("/Subtype", QPDFObjectHandle::newName("/Form"));
    dict.replaceKey("/BBox", QPDFObjectHandle::newArray(drawn.getMediaBox().getArrayAsRectangle()));
    // (Only indirect objects are copied from another file: a direct dictionary is made one.)
    QPDFObjectHandle resources = drawn.getAttribute("/Resources", false);
    if (resources.isDictionary() && !resources.isIndirect()) resources = drawn.getObjectHandle().getQPDF().makeIndirectObject(resources);
    dict.replaceKey("/Resources", resources.isDictionary() ? out.copyForeignObject(resources) : QPDFObjectHandle::newDictionary());
    return form;
}

/* Asks the caller for a page's ink when the writer writes it. */
class InkProvider : public QPDFObjectHandle::StreamDataProvider {
  public:
    InkProvider(pa_ink_func ink, void *context) : ink_(ink), context_(context) {}
    std::map<QPDFObjGen, int> pages;

    void provideStreamData(QPDFObjGen const &og, Pipeline *pipeline) override {
        auto found = pages.find(og);
        if (found == pages.end() || ink_(context_, found->second, reinterpret_cast<pa_pipe *>(pipeline)) != 0) {
            throw std::runtime_error("the ink of a page could not be written");
        }
    }

  private:
    pa_ink_func ink_;
    void *context_;
};

/* The form XObjects of the caller's ink: each page's content deflated, written as it is, with
 * the graphics states it names. Pages of one size share their box, and pages naming the same
 * states their resources (one object each, not one a page: a notebook has hundreds of pages). */
class InkForms {
  public:
    InkForms(QPDF &out, pa_ink_func ink, void *context) : out_(out), provider_(std::make_shared<InkProvider>(ink, context)) {}

    QPDFObjectHandle form(pa_page const &page, int index) {
        QPDFObjectHandle form = QPDFObjectHandle::newStream(&out_);
        QPDFObjectHandle dict = form.getDict();
        dict.replaceKey("/Type", QPDFObjectHandle::newName("/XObject"));
        dict.replaceKey("/Subtype", QPDFObjectHandle::newName("/Form"));
        dict.replaceKey("/BBox", box(page.width, page.height));
        dict.replaceKey("/Resources", resources(page));
        form.replaceStreamData(provider_, QPDFObjectHandle::newName("/FlateDecode"), QPDFObjectHandle::newNull());
        // Deflated already: the writer takes the bytes as they come.
        form.setFilterOnWrite(false);
        provider_->pages[form.getObjGen()] = index;
        return form;
    }

  private:
    QPDFObjectHandle box(double width, double height) {
        auto key = std::make_pair(width, height);
        auto known = boxes_.find(key);
        if (known != boxes_.end()) return known->second;
        QPDFObjectHandle made = out_.makeIndirectObject(QPDFObjectHandle::newArray(QPDFObjectHandle::Rectangle(0, 0, width, height)));
        boxes_.emplace(key, made);
        return made;
    }

    QPDFObjectHandle resources(pa_page const &page) {
        std::string key;
        for (int k = 0; k < page.state_count; k++) {
            key += std::to_string(page.states[k].alpha) + (page.states[k].multiply ? "m " : "n ");
        }
        auto known = resources_.find(key);
        if (known != resources_.end()) return known->second;
        QPDFObjectHandle states = QPDFObjectHandle::newDictionary();
        for (int k = 0; k < page.state_count; k++) {
            QPDFObjectHandle state = QPDFObjectHandle::newDictionary();
            state.replaceKey("/Type", QPDFObjectHandle::newName("/ExtGState"));
            state.replaceKey("/CA", QPDFObjectHandle::newReal(page.states[k].alpha, 4));
            state.replaceKey("/ca", QPDFObjectHandle::newReal(page.states[k].alpha, 4));
            state.replaceKey("/BM", QPDFObjectHandle::newName(page.states[k].multiply ? "/Multiply" : "/Normal"));
            states.replaceKey("/g" + std::to_string(k), state);
        }
        QPDFObjectHandle made = out_.makeIndirectObject(QPDFObjectHandle::newDictionary());
        if (page.state_count > 0) made.replaceKey("/ExtGState", states);
        resources_.emplace(key, made);
        return made;
    }

    QPDF &out_;
    std::shared_ptr<InkProvider> provider_;
    std::map<std::pair<double, double>, QPDFObjectHandle> boxes_;
    std::map<std::string, QPDFObjectHandle> resources_;
};

/* The file, handed on as the writer makes it. */
class Sink : public Pipeline {
  public:
    Sink(pa_write_func write, void *context) : Pipeline("the PDF out", nullptr), write_(write), context_(context) {}
    bool started = false;

    void write(unsigned char const *data, size_t length) override {
        if (length == 0) return;
        started = true;
        if (write_(context_, data, length) != 0) throw std::runtime_error("the file could not be written");
    }
    void finish() override {}

  private:
    pa_write_func write_;
    void *context_;
};

}  // namespace

extern "C" int pa_pipe_write(pa_pipe *pipe, const void *bytes, size_t length) {
    try {
        reinterpret_cast<Pipeline *>(pipe)->write(static_cast<unsigned char const *>(bytes), length);
        return 0;
    } catch (...) {
        return -1;
    }
}

extern "C" int pa_assemble(const void *const *drawn_bytes, const size_t *drawn_lengths, int drawn_count, const void *const *source_bytes,
                           const size_t *source_lengths, int source_count, const pa_page *pages, int count, pa_ink_func ink,
                           void *ink_context, pa_write_func write, void *write_context, int *started, char *error,
                           size_t error_length) {
    if (started) *started = 0;
    std::unique_ptr<Sink> sink;
    try {
        std::vector<std::unique_ptr<QPDF>> drawn;
        std::vector<QPDFPageObjectHelper> drawnPages;
        for (int d = 0; d < drawn_count; d++) {
            auto pdf = std::make_unique<QPDF>();
            pdf->processMemoryFile("the drawn pages", static_cast<char const *>(drawn_bytes[d]), drawn_lengths[d]);
            for (auto &page : QPDFPageDocumentHelper(*pdf).getAllPages()) drawnPages.push_back(page);
            drawn.push_back(std::move(pdf));
        }
        std::vector<std::unique_ptr<QPDF>> sources;
        std::vector<std::vector<QPDFPageObjectHelper>> sourcePages;
        for (int s = 0; s < source_count; s++) {
            auto pdf = std::make_unique<QPDF>();
            pdf->processMemoryFile("a PDF of the notebook", static_cast<char const *>(source_bytes[s]), source_lengths[s]);
            sourcePages.push_back(QPDFPageDocumentHelper(*pdf).getAllPages());
            sources.push_back(std::move(pdf));
        }
        auto drawnPage = [&](int i) -> QPDFPageObjectHelper {
            if (pages[i].drawn < 0 || pages[i].drawn >= static_cast<int>(drawnPages.size())) throw std::runtime_error("the drawn pages are not the notebook's");
            return drawnPages[pages[i].drawn];
        };

        // The file is the first source's, its pages put in the notebook's order (no copy of
        // them: a copy would hold every page's objects twice); pages of other files are copied
        // in. Its catalog is made anew at the end.
        if (source_count < 1) throw std::runtime_error("no PDF pages are kept");
        QPDF &out = *sources[0];
        QPDFPageDocumentHelper outPages(out);
        outPages.pushInheritedAttributesToPage();
        for (auto &page : sourcePages[0]) outPages.removePage(page);
        PageMap placed;
        // Each page once (a source page a second time: a page of its own sharing its content).
        std::vector<std::pair<int, QPDFObjectHandle>> fromSources;  // (index into pages, source page)
        std::vector<std::pair<QPDFObjectHandle, QPDFObjectHandle>> duplicates;  // (copy, the page it copies)
        std::vector<QPDFPageObjectHelper> all;
        for (int i = 0; i < count; i++) {
            pa_page const &p = pages[i];
            if (p.source < 0 || p.source >= source_count) {
                outPages.addPage(drawnPage(i), false);
            } else {
                auto const &list = sourcePages[p.source];
                if (p.page < 0 || p.page >= static_cast<int>(list.size())) throw std::runtime_error("a page the PDF does not have");
                QPDFObjectHandle original = list[p.page].getObjectHandle();
                auto key = std::make_pair(p.source, original.getObjGen());
                auto seen = placed.find(key);
                if (seen == placed.end()) {
                    outPages.addPage(list[p.page], false);
                    placed[key] = out.getAllPages().back();
                    fromSources.push_back({i, original});
                } else {
                    outPages.addPage(QPDFPageObjectHelper(out.makeIndirectObject(seen->second.shallowCopy())), false);
                    duplicates.push_back({out.getAllPages().back(), seen->second});
                }
            }
            all.push_back(QPDFPageObjectHelper(out.getAllPages().back()));
        }
        // (Read before the catalog goes: the outlines, and the names links may go to.)
        std::vector<std::unique_ptr<QPDFOutlineDocumentHelper>> outlines;
        for (auto &pdf : sources) outlines.push_back(std::make_unique<QPDFOutlineDocumentHelper>(*pdf));
        Placer placer(out, all);
        InkForms inks(out, ink, ink_context);
        for (int i = 0; i < count; i++) {
            pa_page const &p = pages[i];
            if (p.source < 0 || p.source >= source_count) continue;
            if (p.drawn >= 0) {
                placer.place(all[i], drawnForm(out, drawnPage(i)), i);
            } else {
                if (!ink || !(p.width > 0) || !(p.height > 0) || p.state_count < 0 || (p.state_count > 0 && !p.states)) {
                    throw std::runtime_error("a page's ink is not described");
                }
                placer.place(all[i], inks.form(p, i), i);
            }
        }
        // Links follow their pages; the outlines of the sources, in the notebook's order.
        for (auto const &[i, original] : fromSources) followLinks(all[i].getObjectHandle(), original, pages[i].source, placed, *outlines[pages[i].source]);
        // A page's copy has the page's links as they now are.
        for (auto &[copy, page] : duplicates) {
            if (page.hasKey("/Annots")) copy.replaceKey("/Annots", page.getKey("/Annots"));
        }
        std::vector<Entry> entries;
        int budget = kMostEntries;
        for (int s = 0; s < source_count; s++) keepEntries(outlines[s]->getTopLevelOutlines(), s, placed, 1, budget, entries);
        // A catalog of the pages and the outline alone, as a new file's: what else the first
        // source's said (page labels, named destinations, its structure) was of its own pages.
        QPDFObjectHandle catalog = out.makeIndirectObject(QPDFObjectHandle::newDictionary());
        catalog.replaceKey("/Type", QPDFObjectHandle::newName("/Catalog"));
        catalog.replaceKey("/Pages", out.getRoot().getKey("/Pages"));
        if (!entries.empty()) {
            QPDFObjectHandle root = out.makeIndirectObject(QPDFObjectHandle::newDictionary());
            root.replaceKey("/Type", QPDFObjectHandle::newName("/Outlines"));
            root.replaceKey("/Count", QPDFObjectHandle::newInteger(writeEntries(out, root, entries)));
            catalog.replaceKey("/Outlines", root);
        }
        out.getTrailer().replaceKey("/Root", catalog);
        // The document's title and author stay; what made the file is this app.
        QPDFObjectHandle info = out.getTrailer().getKey("/Info");
        if (info.isDictionary()) info.replaceKey("/Producer", QPDFObjectHandle::newUnicodeString("DrawingBoard"));
        // The first source's pages the notebook left out are gone from the file: whatever still
        // names one (a link of a duplicated page, a form field's widget) names nothing now, as
        // a copy names nothing of another file, and no such page or its content is written
        // (the widgets of a form field reached through one kept may be: the field is one).
        std::set<QPDFObjGen> kept;
        for (auto const &[key, page] : placed) {
            if (key.first == 0) kept.insert(key.second);
        }
        for (auto &page : sourcePages[0]) {
            QPDFObjGen og = page.getObjectHandle().getObjGen();
            if (!kept.count(og)) out.replaceObject(og, QPDFObjectHandle::newNull());
        }

        sink = std::make_unique<Sink>(write, write_context);
        QPDFWriter writer(out);
        writer.setOutputPipeline(sink.get());
        // Nothing of the source's encryption (an owner password poppler opens without asking).
        writer.setPreserveEncryption(false);
        writer.setObjectStreamMode(qpdf_o_generate);
        writer.write();
        return 0;
    } catch (std::exception const &e) {
        if (started) *started = sink && sink->started ? 1 : 0;
        if (error && error_length) {
            std::strncpy(error, e.what(), error_length - 1);
            error[error_length - 1] = 0;
        }
        return -1;
    }
}
