/**
 * The website's one stylesheet, inlined in every page (a few KB: no request before the first paint).
 * Logical properties (inline-start/end) so the same rules lay out Arabic right to left.
 */
export const CSS = `
:root{--ink:#1d2a2e;--muted:#5b6b70;--brand:#0f5257;--brand-2:#137178;--gold:#c29a4e;--cream:#faf7f2;--line:#e7e1d6;--card:#fff;--ok:#1f7a4d;--err:#b3261e;--radius:14px}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Tahoma,"Noto Sans Arabic","Geeza Pro",Arial,sans-serif;color:var(--ink);background:var(--cream);overflow-wrap:anywhere}
a{color:var(--brand-2)}
h1,h2,h3{line-height:1.25;margin:0 0 .5em}
h1{font-size:clamp(1.9rem,5vw,3.1rem)}
h2{font-size:clamp(1.5rem,3.4vw,2.1rem)}
p{margin:0 0 1em}
.wrap{width:100%;max-width:1160px;margin:0 auto;padding:0 20px}
.skip{position:absolute;inset-inline-start:-999px}.skip:focus{inset-inline-start:8px;top:8px;background:#fff;padding:8px;z-index:9}
header.top{background:#fff;border-bottom:1px solid var(--line);position:sticky;top:0;z-index:5}
.bar{display:flex;align-items:center;gap:16px;min-height:64px}
.logo{display:flex;align-items:center;gap:10px;text-decoration:none;color:var(--brand);font-weight:800;font-size:1.35rem}
.logo svg{width:34px;height:34px;flex:none}
nav.main{display:flex;gap:4px;margin-inline-start:auto;align-items:center}
nav.main a{color:var(--ink);text-decoration:none;padding:8px 10px;border-radius:8px;font-weight:500}
nav.main a:hover,nav.main a[aria-current=page]{background:#eef5f4;color:var(--brand)}
.btn{display:inline-block;background:var(--brand);color:#fff;text-decoration:none;padding:12px 20px;border-radius:10px;font-weight:700;border:0;font:inherit;font-weight:700;cursor:pointer;text-align:center}
.btn:hover{background:var(--brand-2)}
nav.main a.btn{color:#fff;margin-inline-start:6px}nav.main a.btn:hover{background:var(--brand-2);color:#fff}
.btn.ghost{background:transparent;color:var(--brand);box-shadow:inset 0 0 0 2px var(--brand)}
.btn.gold{background:var(--gold);color:#1d1a12}
.lang{font-weight:600}
details.menu{display:none;margin-inline-start:auto}
details.menu summary{list-style:none;cursor:pointer;padding:8px 12px;border:1px solid var(--line);border-radius:8px;font-weight:600}
details.menu summary::-webkit-details-marker{display:none}
details.menu[open] .sheet{display:flex}
.sheet{display:none;flex-direction:column;position:absolute;inset-inline:0;top:64px;background:#fff;border-bottom:1px solid var(--line);padding:8px 20px 16px;gap:2px}
.sheet a{padding:10px 4px;color:var(--ink);text-decoration:none;border-bottom:1px solid #f1ede5}
.sheet .btn{margin-top:10px;color:#fff;border:0}
@media (max-width:900px){nav.main{display:none}details.menu{display:block}}
.hero{padding:56px 0 40px;background:linear-gradient(180deg,#fff 0,var(--cream) 100%)}
.hero .grid{display:grid;grid-template-columns:1.05fr 1fr;gap:40px;align-items:center}
.hero p.lead{font-size:1.15rem;color:var(--muted);max-width:36em}
.cta{display:flex;flex-wrap:wrap;gap:12px;margin:22px 0}
.trust{display:flex;flex-wrap:wrap;gap:8px 18px;padding:0;margin:12px 0 0;list-style:none;color:var(--muted);font-size:.92rem}
.trust li::before{content:"✓";color:var(--ok);font-weight:800;margin-inline-end:6px}
@media (max-width:900px){.hero .grid{grid-template-columns:1fr}.hero{padding-top:32px}}
.shot{position:relative;background:#fff;border-radius:var(--radius);box-shadow:0 20px 50px -20px rgba(15,82,87,.35),0 0 0 1px var(--line);overflow:hidden}
.shot .chrome{display:flex;gap:6px;padding:10px 12px;background:#f3efe8}
.shot .chrome i{width:10px;height:10px;border-radius:50%;background:#d9d2c5}
.shot .app{display:grid;grid-template-columns:64px 1fr;min-height:260px}
.shot .side{background:var(--brand);padding:12px 10px;display:flex;flex-direction:column;gap:10px}
.shot .side i{height:8px;border-radius:4px;background:rgba(255,255,255,.35)}
.shot .side i:first-child{background:var(--gold)}
.shot .cal{display:grid;grid-template-columns:repeat(4,1fr);gap:8px;padding:12px}
.shot .col{display:flex;flex-direction:column;gap:6px}
.shot .col b{height:10px;border-radius:4px;background:#e9e4da;margin-bottom:4px}
.shot .ap{border-radius:8px;padding:6px;font-size:.68rem;line-height:1.2;color:#123;border-inline-start:3px solid}
.a1{background:#e3f1ef;border-color:var(--brand)!important;height:54px}.a2{background:#f7eedb;border-color:var(--gold)!important;height:38px}.a3{background:#efe7f5;border-color:#7a4f9a!important;height:70px}.a4{background:#e8eef9;border-color:#3d63a8!important;height:44px}
.gap{height:18px}
.features{padding:56px 0}
.grid3{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,250px),1fr));gap:18px}
.card{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);padding:22px}
.card h3{font-size:1.08rem;color:var(--brand)}
.card p{color:var(--muted);margin:0}
.card p::first-letter{text-transform:uppercase}
.icon{width:40px;height:40px;border-radius:10px;background:#eef5f4;display:grid;place-items:center;margin-bottom:12px}
.icon svg{width:22px;height:22px}
.band{background:var(--brand);color:#fff;padding:48px 0}
.band h2{color:#fff}.band p{color:#d6ebe8}
.band .grid3 .card{background:rgba(255,255,255,.06);border-color:rgba(255,255,255,.18)}
.band .card h3{color:#f3d79f}.band .card p{color:#d6ebe8}
section.page{padding:44px 0 56px}
.plans{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,260px),1fr));gap:18px;align-items:stretch;margin-top:24px}
.plan{background:#fff;border:1px solid var(--line);border-radius:var(--radius);padding:24px;display:flex;flex-direction:column;gap:12px;position:relative}
.plan.hi{border:2px solid var(--gold);box-shadow:0 14px 40px -22px rgba(194,154,78,.8)}
.plan .tag{position:absolute;top:-12px;inset-inline-start:20px;background:var(--gold);color:#1d1a12;font-size:.8rem;font-weight:700;padding:2px 10px;border-radius:99px}
.price{font-size:2rem;font-weight:800;color:var(--brand)}
.price small{font-size:.9rem;color:var(--muted);font-weight:500}
.plan ul,.ticks{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;gap:8px}
.plan li::before,.ticks li::before{content:"✓";color:var(--ok);font-weight:800;margin-inline-end:8px}
.plan .btn{margin-top:auto}
.faq details{background:#fff;border:1px solid var(--line);border-radius:12px;padding:14px 18px;margin-bottom:10px}
.faq summary{font-weight:700;cursor:pointer}
.faq details p{margin:10px 0 0;color:var(--muted)}
.prose{max-width:760px}
.prose p{color:#2f3d41}
form.f{background:#fff;border:1px solid var(--line);border-radius:var(--radius);padding:24px;display:grid;grid-template-columns:1fr 1fr;gap:16px;max-width:760px}
form.f .full{grid-column:1/-1}
@media (max-width:640px){form.f{grid-template-columns:1fr;padding:18px}}
label{display:block;font-weight:600;margin-bottom:6px}
input,select,textarea{width:100%;font:inherit;padding:11px 12px;border:1px solid #cfc7b8;border-radius:10px;background:#fff;color:var(--ink)}
input:focus,select:focus,textarea:focus{outline:3px solid rgba(19,113,120,.25);border-color:var(--brand-2)}
[aria-invalid=true]{border-color:var(--err)}
.err{color:var(--err);font-size:.9rem;margin-top:4px}
.alert{background:#fdecea;color:var(--err);border-radius:10px;padding:12px 14px;max-width:760px;margin-bottom:16px}
.done{max-width:640px;background:#fff;border:1px solid var(--line);border-radius:var(--radius);padding:32px;text-align:center}
.done .mark{width:64px;height:64px;border-radius:50%;background:#e3f3ea;color:var(--ok);display:grid;place-items:center;margin:0 auto 16px;font-size:2rem;font-weight:800}
.split{display:grid;grid-template-columns:1fr 1fr;gap:32px;align-items:start}
@media (max-width:900px){.split{grid-template-columns:1fr}}
.contact-card{background:#fff;border:1px solid var(--line);border-radius:var(--radius);padding:22px}
.contact-card dt{font-weight:700;color:var(--brand)}.contact-card dd{margin:0 0 12px}
footer{background:#0c3b3e;color:#cfe3e0;padding:40px 0 24px;margin-top:0}
footer a{color:#fff;text-decoration:none}
footer .cols{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,180px),1fr));gap:24px}
footer h3{color:#f3d79f;font-size:1rem}
footer ul{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;gap:6px}
footer .legal{border-top:1px solid rgba(255,255,255,.15);margin-top:24px;padding-top:16px;font-size:.9rem}
[dir=ltr] .ar-only,[dir=rtl] .en-only{display:none}
`;
