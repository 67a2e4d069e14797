/**
 * The rule-table evaluator as ES5 JavaScript source, for the hosts that run JavaScript but not
 * Node: the CloudFront function (CloudFront Functions runtime: ES 5.1 plus a few later
 * features, no modules, 10 KB) and the nginx njs module. It is the same walk over the same runs
 * as runs.ts describes, with the request reading of query.ts and the negotiation of accept.ts:
 *
 *   jasparResolve(method, rawPath, rawQuery, accept) →
 *     null                      not an API path: the host serves the file as it is
 *     {s: 200, o: 1}            OPTIONS: 200 with Allow
 *     {s: 200, f: file, m: b}   serve `file`; when it does not exist answer 404 with body `b`
 *     {s: status, b: body}      answer an error with this JSON body
 *
 * Written tight, without comments (the code counts against CloudFront's 10 KB), and with `var`
 * and function expressions only, so both runtimes accept it. Names: jSegs/jQuery read the
 * request (query.ts), jMatch/jStrip match a path pattern (with a DRF suffix cut off), jRun walks
 * one run (`walk`: per key the first option the request allows; `fin`: fill the template and
 * check every placeholder value is a safe segment, as match.ts does).
 */
import type { RuntimeData } from './runtime-data.js';

const RUNTIME = String.raw`
var jAJ=new RegExp(J.aj,'i'),jAH=new RegExp(J.ah,'i'),jOK=/^[A-Za-z0-9._-]+$/;
function jDec(v){try{return decodeURIComponent(v.replace(/\+/g,' '))}catch(e){return v}}
function jQuery(qs){var q={},a=qs?qs.split('&'):[],i,p,e;
for(i=0;i<a.length;i++){p=a[i];if(p==='')continue;e=p.indexOf('=');
q['$'+(e<0?p:p.slice(0,e))]=e<0?'':jDec(p.slice(e+1))}return q}
function jSegs(path){var a=path.split('/'),i;if(a[0]==='')a.shift();if(a.length&&a[a.length-1]==='')a.pop();
for(i=0;i<a.length;i++){try{a[i]=decodeURIComponent(a[i])}catch(e){return null}}return a}
function jMatch(pat,sg){var a=pat.split('/'),b={},i,j=0,p;if(!sg)return null;
for(i=0;i<a.length;i++){p=a[i];if(p==='')continue;if(p==='*')return b;if(j>=sg.length)return null;
if(p.charAt(0)===':')b[p.slice(1)]=sg[j];else if(p!==sg[j])return null;j++}return j===sg.length?b:null}
function jStrip(sg,x){var l=sg[sg.length-1],e='.'+x;
if(l===undefined||l.length<=e.length||l.slice(-e.length)!==e)return null;return sg.slice(0,-1).concat([l.slice(0,-e.length)])}
function jRun(r,sg,q){var pat=J.P[r[0]],K=[],O=[],out=r[2],n=r[1].length,ch=[],sfx=false,i;
for(i=0;i<n;i++){K[i]=r[1][i].split(',');O[i]=J.O[K[i][1]].split(' ');if(K[i][0]==='.')sfx=true}
function code(tk,cs){var x=0,i;for(i=0;i<tk.length;i++)x=x*O[tk[i]].length+ch[tk[i]];return J.B[cs.charCodeAt(x)-48]}
function fin(pb){var b={},k,o,v,c,s='',ok=true,p,nm,m;if(out===0)return null;if(out[0]==='e')return{e:code(out[1],out[2])};
for(nm in pb)b[nm]=pb[nm];
for(k=0;k<n;k++){o=O[k][ch[k]].split('<');v=q['$'+K[k][0]];nm=o[0].slice(1);c=o[0].charAt(0);
if(o[1]&&/^\d+$/.test(v)&&+v>+o[1])v=o[1];
if(c===':')b[nm]=v;else if(c==='^')b[nm]=v.toUpperCase();else if(c==='_')b[nm]=v.toLowerCase()}
for(k=0;k<out[1].length;k++){p=out[1][k];s+=typeof p==='number'?J.S[p]:typeof p==='string'?p:J.F[p[1]].split(' ')[ch[p[0]]]}
s=s.replace(/:([a-z_]+)/g,function(a,x){x=b[x]===undefined?'':b[x];if(!jOK.test(x)||x==='.'||x==='..')ok=false;return x});
m=code(out[2],out[3]);return ok?{f:s,m:m}:{e:m}}
function walk(k,pb){if(k===n)return fin(pb);
var nm=K[k][0],fx=K[k][2],v=q['$'+nm],o,c,nb,res;
for(o=0;o<O[k].length;o++){c=O[k][o].charAt(0);nb=pb;
if(nm==='.'){nb=jMatch(pat,c==='='?jStrip(sg,O[k][o].slice(1)):sg);if(!nb)continue}
else if(c==='='?v!==O[k][o].slice(1):c!=='*'&&v===undefined)continue;
ch[k]=o;if(fx&&fx.charAt(o)!=='-')return{e:J.B[fx.charCodeAt(o)-48]};
res=walk(k+1,nb);if(res)return res}return null}
var st=sfx?{}:jMatch(pat,sg);return st?walk(0,st):null}
function jasparResolve(method,path,qs,accept){var sg=jSegs(path),q,i,r,f;
if(!sg)return{s:400,b:J.bad};
if(sg[0]!=='api'){f='/'+sg.join('/');for(i=0;i<J.X.length;i++)if(J.X[i]===f)return{s:404,b:J.N};return null}
if(method==='OPTIONS')return{s:200,o:1};
if(method!=='GET'&&method!=='HEAD')return{s:405,b:JSON.stringify({detail:'Method "'+method.replace(/[^A-Za-z0-9_-]/g,'')+'" not allowed.'})};
q=jQuery(qs);
if(J.H&&q['$'+J.fk]===undefined&&accept&&!jAJ.test(accept)&&jAH.test(accept))q['$'+J.fk]=J.H;
for(i=0;i<J.R.length;i++){r=jRun(J.R[i],sg,q);if(r)return r.f?{s:200,f:r.f,m:r.m}:{s:404,b:r.e}}
return{s:404,b:J.N}}
`;

/** The runtime with its data, as one script defining `jasparResolve` (and `J`, `jQuery`, …). */
export function runtimeScript(data: RuntimeData): string {
  const code = RUNTIME.trim();
  return `var J = ${JSON.stringify(data)};\n${code}\n`;
}
